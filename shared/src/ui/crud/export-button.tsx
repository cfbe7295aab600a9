import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '@canteiro/shared/core';
import { resourceApi, saveFile } from './resource-api';
import type { ListState } from './use-list-state';

/** Exports every row that matches the list's search and filters, not only the page shown. */
export function ExportButton({ endpoint, state, plural }: { endpoint: string; state: ListState; plural: string }) {
  const { t } = useTranslation('kit');
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const { blob, filename } = await resourceApi(endpoint).export(format, {
        search: state.search,
        includeInactive: state.includeInactive,
      });
      saveFile(blob, filename);
    } catch {
      notify.error(t('exportFailed', { plural }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: t('exportCsv') },
          { key: 'xlsx', label: t('exportXlsx') },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('export')}
      </Button>
    </Dropdown>
  );
}
