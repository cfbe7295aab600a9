import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, notify } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import type { Option } from './resource-api';
import { resourceApi } from './resource-api';
import { resourceKeys } from './use-resource-list';

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
  /**
   * Options asked for only once the list is opened, or when a value needs its name: a screen
   * of many such fields (a dashboard's filters) does not ask for every list as it opens.
   */
  onDemand?: boolean;
}

/** The widest a select's popup grows to show its options whole. */
export const POPUP_MAX_WIDTH = 'min(560px, 90vw)';

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
  onDemand = false,
}: RemoteSelectProps) {
  const { t } = useTranslation('kit');
  const [opened, setOpened] = useState(false);
  const wanted = enabled && (!onDemand || opened || value != null);
  const paramsKey = JSON.stringify(params);
  const optionsQuery = useQuery(
    {
      queryKey: resourceKeys.options(endpoint, JSON.parse(paramsKey) as Record<string, unknown>),
      queryFn: ({ signal }) => resourceApi(endpoint).options(JSON.parse(paramsKey) as Record<string, string>, signal),
      enabled: wanted,
      // The last parent's options stay until the next ones arrive.
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  const options = wanted ? (optionsQuery.data ?? []) : [];
  const loading = wanted && optionsQuery.isFetching;
  // The options of these parameters are in (not the last parent's, kept meanwhile).
  const loaded = wanted && optionsQuery.isSuccess && !optionsQuery.isPlaceholderData;
  useEffect(() => {
    if (optionsQuery.isError && wanted) notify.error(t('optionsFailed', { field: fieldLabel }));
  }, [optionsQuery.isError, wanted, fieldLabel, t]);

  // The saved value may be a parent that is no longer offered (inactive): name it anyway.
  const isMissing = loaded && value != null && !options.some((option) => option.id === value);
  const missingQuery = useQuery(
    {
      queryKey: resourceKeys.one(endpoint, value ?? 0),
      queryFn: ({ signal }) => api.get(`${endpoint}/${value}`, { signal }).json<{ name?: string }>(),
      enabled: isMissing,
    },
    queryClient,
  );
  const missing: Option | null =
    isMissing && value != null && (missingQuery.isSuccess || missingQuery.isError)
      ? { id: value, name: missingQuery.data?.name ?? `#${value}` }
      : null;

  // A name that repeats in the contract comes with its path ("Armação — Pavimento tipo A1"): the
  // title shows it whole where the popup (as wide as its longest option, up to POPUP_MAX_WIDTH) cuts it.
  const shown = options.map((option) => ({
    value: option.id,
    label: option.name,
    title: option.name,
    disabled: false,
  }));
  if (missing) {
    const label = t('unavailableOption', { name: missing.name });
    shown.push({ value: missing.id, label, title: label, disabled: true });
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
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      options={shown}
      // Until the options arrive the value has no label: show an ellipsis, never the bare id.
      labelRender={({ label, value: shownValue }) => label ?? (loaded ? `#${shownValue}` : '…')}
      style={{ width: '100%' }}
      // At least the field's width, wider when an option is longer: a narrow filter cell no longer cuts names.
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxWidth: POPUP_MAX_WIDTH } } }}
    />
  );
}
