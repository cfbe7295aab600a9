import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { DateInput } from './date-input';
import { RemoteSelect } from './remote-select';
import type { ListFilterDefinition } from './types';

const FILTER_WIDTH = 180;
const DATE_FILTER_WIDTH = 170;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The list's filters (a category, a profile, a contract): one select each above the table,
 * empty for "all". The choice lives in the URL with the rest of the list's state.
 */
export function ListFilters({
  filters,
  namespace,
  t,
  values,
  optionParams = {},
  onChange,
}: {
  filters: ListFilterDefinition[];
  namespace: string;
  t: TFunction;
  values: Record<string, string>;
  /** Narrows every remote filter's options (the screen's contract). */
  optionParams?: Record<string, number>;
  onChange: (param: string, value: string | undefined) => void;
}) {
  return (
    <>
      {filters.map((filter) => {
        const field = t(filter.labelKey, { ns: namespace });
        const label = t('kit:filterLabel', { field });
        const value = values[filter.param];
        if (filter.kind === 'date') {
          // A day reaches the list only when it is one: a text being typed stays in the field.
          return (
            <div key={filter.param} style={{ width: DATE_FILTER_WIDTH }} data-testid={`filter-${filter.param}`}>
              <DateInput
                id={`filter-${filter.param}`}
                value={value ?? ''}
                onChange={(next) => {
                  if (next === '' || isDay(next)) onChange(filter.param, next || undefined);
                }}
                onBlur={() => undefined}
                ariaProps={{ 'aria-label': label }}
                placeholder={field}
              />
            </div>
          );
        }
        if (filter.optionsFrom) {
          return (
            <div key={filter.param} style={{ width: FILTER_WIDTH }} data-testid={`filter-${filter.param}`}>
              <RemoteSelect
                id={`filter-${filter.param}`}
                endpoint={filter.optionsFrom.endpoint}
                params={optionParams}
                enabled
                value={value ? Number(value) : null}
                onChange={(next) => onChange(filter.param, next === null ? undefined : String(next))}
                fieldLabel={label}
                clearLabel={t('kit:clearField', { field })}
                placeholder={`${field}: ${t('kit:filterAll')}`}
              />
            </div>
          );
        }
        const options = (filter.options ?? []).map((option) => ({
          value: String(option),
          label: filter.optionLabelPrefix
            ? t(`${filter.optionLabelPrefix}${option}`, { ns: namespace })
            : String(option),
        }));
        return (
          <Select<string>
            key={filter.param}
            id={`filter-${filter.param}`}
            data-testid={`filter-${filter.param}`}
            aria-label={label}
            allowClear={{ label: t('kit:clearField', { field }) }}
            showSearch
            placeholder={`${field}: ${t('kit:filterAll')}`}
            style={{ width: FILTER_WIDTH }}
            // A value the list does not offer (an old link) shows as "all".
            value={options.some((option) => option.value === value) ? value : undefined}
            onChange={(next) => onChange(filter.param, next ?? undefined)}
            filterOption={(input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            options={options}
          />
        );
      })}
    </>
  );
}
