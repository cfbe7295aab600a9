import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '@canteiro/shared/core';
import { resourceApi, saveFile } from './resource-api';
import type { ListQuery } from './resource-api';

/**
 * Exports every row that matches the list's search and filters, not only the page shown; or,
 * given only `filters` (a dashboard), the file of `/api/<endpoint>/export` for them.
 */
export function ExportButton({
  endpoint,
  query,
  plural,
}: {
  endpoint: string;
  query: Partial<ListQuery>;
  plural: string;
}) {
  const { t } = useTranslation('kit');
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      // The list's search, inactive toggle, filters and order; not its page.
      const { page: _page, pageSize: _pageSize, ...rows } = query;
      const { blob, filename } = await resourceApi(endpoint).export(format, rows);
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
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy} aria-haspopup="menu">
        {t('export')}
      </Button>
    </Dropdown>
  );
}
