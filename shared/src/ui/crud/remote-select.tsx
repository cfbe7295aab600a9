import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '@canteiro/shared/core';
import type { Option } from './resource-api';
import { resourceApi } from './resource-api';

interface RemoteSelectProps {
  id: string;
  endpoint: string;
  params: Record<string, string | number | undefined>;
  /** False while a field it depends on is still empty. */
  enabled: boolean;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  fieldLabel: string;
  status?: 'error';
}

/** A select whose options (active parents in the user's scope) come from `/api/<endpoint>/options`. */
export function RemoteSelect({
  id,
  endpoint,
  params,
  enabled,
  value,
  onChange,
  fieldLabel,
  status,
}: RemoteSelectProps) {
  const { t } = useTranslation('kit');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const paramsKey = JSON.stringify(params);

  useEffect(() => {
    if (!enabled) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    resourceApi(endpoint)
      .options(JSON.parse(paramsKey) as Record<string, string>, controller.signal)
      .then(setOptions, () => {
        if (!controller.signal.aborted) notify.error(t('optionsFailed', { field: fieldLabel }));
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [endpoint, paramsKey, enabled, fieldLabel, t]);

  return (
    <Select<number>
      id={id}
      aria-label={fieldLabel}
      showSearch
      allowClear
      status={status}
      loading={loading}
      disabled={!enabled}
      placeholder={t('selectPlaceholder')}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      options={options.map((option) => ({ value: option.id, label: option.name }))}
      style={{ width: '100%' }}
    />
  );
}
