import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { notify } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import type { Option } from './resource-api';
import { resourceApi } from './resource-api';
import type { ContextDefinition } from './types';
import { resourceKeys } from './use-resource-list';

const PICKER_WIDTH = 320;

/**
 * The last choice of each context in this page's life: the contract chosen on Áreas is
 * chosen again on Locais, reached through the menu (whose links carry no `?contract=`).
 * Only memory: a reload keeps the URL, and another user's scope never sees it offered.
 */
const remembered = new Map<string, number>();

/** Forgets every remembered choice (tests). */
export function forgetContexts(): void {
  remembered.clear();
}

/**
 * "Choose a contract first" (spec §2, Management): the record a screen works in, above its
 * table, its choice in the URL. A user whose scope holds exactly one gets it chosen (the URL
 * replaced, so back does not return to an empty screen).
 */
export function ContextPicker({
  context,
  t,
  value,
  onChange,
  preferred = null,
}: {
  context: ContextDefinition;
  t: TFunction;
  value: number | null;
  onChange: (value: number | null, options?: { replace?: boolean }) => void;
  /** The choice kept elsewhere (the server's, for every device): chosen when nothing else is, if offered. */
  preferred?: number | null;
}) {
  const label = t(context.labelKey);
  const id = `context-${context.param}`;
  const { data, isError } = useQuery(
    {
      queryKey: resourceKeys.options(context.endpoint, {}),
      queryFn: ({ signal }) => resourceApi(context.endpoint).options({}, signal),
    },
    queryClient,
  );
  const options: Option[] | null = data ?? null;
  useEffect(() => {
    if (isError) notify.error(t('kit:optionsFailed', { field: label }));
  }, [isError, label, t]);

  const memoryKey = `${context.endpoint}:${context.param}`;
  useEffect(() => {
    if (value !== null) remembered.set(memoryKey, value);
  }, [memoryKey, value]);
  // No choice in the URL: the one made on another screen, else the kept one, if this user is offered it.
  const offered = (id: number | null | undefined): id is number =>
    id != null && options?.some((option) => option.id === id) === true;
  const last = remembered.get(memoryKey);
  const recalled = value !== null ? null : offered(last) ? last : offered(preferred) ? preferred : null;
  useEffect(() => {
    if (recalled !== null) onChange(recalled, { replace: true });
  }, [recalled, onChange]);

  const only = options?.length === 1 ? options[0]! : null;
  // The only one is the one: also in place of a link to another (outside the user's scope).
  useEffect(() => {
    if (only && value !== only.id) onChange(only.id, { replace: true });
  }, [only, value, onChange]);

  const shown = (options ?? []).map((option) => ({ value: option.id, label: option.name }));
  // A link to a record the list does not offer (another scope's, an inactive one): named by its id.
  if (value !== null && options && !options.some((option) => option.id === value)) {
    shown.push({ value, label: `#${value}` });
  }
  return (
    <div data-testid="context-picker" style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 16 }}>
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        {label}
      </label>
      <Select<number>
        id={id}
        showSearch
        loading={options === null}
        placeholder={t('kit:selectPlaceholder')}
        value={value ?? undefined}
        onChange={(next) => onChange(next ?? null)}
        filterOption={(input, option) =>
          String(option?.label ?? '')
            .toLowerCase()
            .includes(input.toLowerCase())
        }
        options={shown}
        notFoundContent={options === null ? t('kit:loading') : t('kit:noResults')}
        labelRender={({ label: shownLabel, value: shownValue }) => shownLabel ?? `#${shownValue}`}
        style={{ width: PICKER_WIDTH }}
      />
    </div>
  );
}
