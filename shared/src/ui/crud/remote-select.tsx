import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, notify } from '@canteiro/shared/core';
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
  /** aria-invalid, aria-required, aria-describedby of the form field. */
  ariaProps?: Record<string, unknown>;
  placeholder?: string;
  /** The clear button's name; "Limpar <fieldLabel>" unless given. */
  clearLabel?: string;
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
  ariaProps,
  placeholder,
  clearLabel,
}: RemoteSelectProps) {
  const { t } = useTranslation('kit');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const paramsKey = JSON.stringify(params);
  // The saved value may be a parent that is no longer offered (inactive): name it anyway.
  const [missing, setMissing] = useState<Option | null>(null);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const isMissing = loadedKey === paramsKey && value != null && !options.some((option) => option.id === value);

  useEffect(() => {
    if (!enabled) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    resourceApi(endpoint)
      .options(JSON.parse(paramsKey) as Record<string, string>, controller.signal)
      .then(
        (loaded) => {
          setOptions(loaded);
          setLoadedKey(paramsKey);
        },
        () => {
          if (!controller.signal.aborted) notify.error(t('optionsFailed', { field: fieldLabel }));
        },
      )
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [endpoint, paramsKey, enabled, fieldLabel, t]);

  useEffect(() => {
    if (!isMissing || value == null || !enabled) {
      setMissing(null);
      return;
    }
    const controller = new AbortController();
    api
      .get(`${endpoint}/${value}`, { signal: controller.signal })
      .json<{ name?: string }>()
      .then(
        (item) => setMissing({ id: value, name: item.name ?? `#${value}` }),
        () => {
          if (!controller.signal.aborted) setMissing({ id: value, name: `#${value}` });
        },
      );
    return () => controller.abort();
  }, [isMissing, value, endpoint, enabled]);

  const shown = options.map((option) => ({ value: option.id, label: option.name, disabled: false }));
  if (missing && missing.id === value && isMissing) {
    shown.push({ value: missing.id, label: t('unavailableOption', { name: missing.name }), disabled: true });
  }

  return (
    <Select<number>
      id={id}
      aria-label={fieldLabel}
      {...ariaProps}
      showSearch
      // antd's own clear button is named "Clear" whatever the language.
      allowClear={{ label: clearLabel ?? t('clearField', { field: fieldLabel }) }}
      status={status}
      loading={loading}
      disabled={!enabled}
      placeholder={placeholder ?? t('selectPlaceholder')}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      options={shown}
      // Until the options arrive the value has no label: show an ellipsis, never the bare id.
      labelRender={({ label, value: shownValue }) => label ?? (loadedKey === paramsKey ? `#${shownValue}` : '…')}
      style={{ width: '100%' }}
    />
  );
}
