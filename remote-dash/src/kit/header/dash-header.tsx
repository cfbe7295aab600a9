import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Select, TimePicker, DatePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { currentLocale } from '@canteiro/shared/core';
import {
  DATE_PRESETS,
  EQUIPMENT_CLASSIFICATIONS,
  FILTER_DIMENSIONS,
  OCCURRENCE_CLASSIFICATIONS,
  RANGE_TYPES,
  WEEKDAYS,
  weekDays,
  weekOf,
} from '@canteiro/shared/domain';
import type { FilterParameter } from '@canteiro/shared/domain';
import { ContextPicker, DateInput, RemoteSelect, fieldMessage, registerKitTranslations } from '@canteiro/shared/ui';
import type { ContextDefinition } from '@canteiro/shared/ui';
import type { HeaderUpdate, HeaderValues } from './header-state';
import { hasFilters, optionsOf, restoredFilters, weekLabel, weekdayEnds, weekdaysParam } from './header-state';
import { FilterChips } from './filter-chips';
import { Cell, ariaOf, idOf } from './header-cell';
import { useLastContract } from './followed-filters';
import { FocusableColumns, PickerTheme } from './picker-theme';

// The kit's words (date placeholder, export, search) in this module's bundle too.
registerKitTranslations();

/** The contract, chosen first as on Management's screens (a one-contract user has it chosen). */
export const DASH_CONTRACT: ContextDefinition = {
  param: 'contract',
  endpoint: 'contracts',
  labelKey: 'fields:contract',
};

const TIME = 'HH:mm';

/**
 * The header of every dashboard and report screen (spec §2): the title and the
 * export, the contract, the range type, then the filters — dates, times, weekdays, week and
 * the catalogue's dimensions — in a grid that wraps (three rows at 1440 px, four at 1064 px), the active ones as chips under it.
 * Its state is the URL (`useHeaderState`); `errors` are the shared schema's field codes.
 */
export function DashHeader({
  title,
  values,
  errors,
  update,
  actions,
  extra,
  note,
  bucketed = false,
}: {
  title: string;
  values: HeaderValues;
  errors: Partial<Record<FilterParameter, string>>;
  update: HeaderUpdate;
  /** The screen's export (and any other action), at the title's right. */
  actions?: ReactNode;
  /** A control of the screen's own on the contract's row, at its right (a report's search). */
  extra?: ReactNode;
  /** A small line beside the title (a dashboard's "Dados até"). */
  note?: ReactNode;
  /**
   * The screen draws a time axis, bucketed by the range type (day, week, month, year): only
   * then is the range select shown. A report list has no axis: a select there would change nothing.
   */
  bucketed?: boolean;
}) {
  const { t } = useTranslation(['dash', 'fields', 'kit', 'common', 'lists']);
  const contract = values.contract;
  // The contract the server keeps for this user (any device): chosen when the URL names none.
  const preferred = useLastContract(contract);
  // Another contract's catalogue ids mean nothing here: a contract chosen brings its own
  // filters (the ones last read under it, or none), unless a link came with filters but no contract.
  const keepLinked = contract === null && hasFilters(values);
  const chooseContract = useCallback(
    (next: number | null, options?: { replace?: boolean }) =>
      update(
        next === null || next === contract || keepLinked
          ? { contract: next }
          : { contract: next, ...restoredFilters(next, values) },
        options,
      ),
    [update, contract, keepLinked, values],
  );
  const message = (name: FilterParameter) => fieldMessage(t as TFunction, errors[name]);
  const { first, last } = weekdayEnds(values.weekdays);
  const weekdayOptions = (disabled: (day: number) => boolean) =>
    WEEKDAYS.map((day) => ({ value: day, label: t(`figures:values.weekday.${day}`), disabled: disabled(day) }));
  const time = (value: string) => (/^\d{2}:\d{2}$/.test(value) ? dayjs(value, TIME) : null);
  const weekStart = values.week ? weekDays(values.week)?.from : undefined;

  const dateCell = (name: 'from' | 'to') => (
    <Cell id={idOf(name)} label={t(`figures:filters.${name}`)} error={message(name)}>
      <DateInput
        id={idOf(name)}
        value={values[name]}
        // A date picked after a week replaces the week's dates: the week no longer holds; after
        // a relative period, its days become fixed ones.
        onChange={(next) => update({ from: values.from, to: values.to, [name]: next, week: '', period: '' })}
        onBlur={() => undefined}
        status={errors[name] ? 'error' : undefined}
        ariaProps={ariaOf(idOf(name), message(name))}
      />
    </Cell>
  );
  const timeCell = (name: 'fromTime' | 'toTime') => (
    <Cell id={idOf(name)} label={t(`figures:filters.${name}`)} error={message(name)}>
      <TimePicker
        id={idOf(name)}
        {...ariaOf(idOf(name), message(name))}
        format={TIME}
        needConfirm={false}
        minuteStep={5}
        panelRender={(panel) => <FocusableColumns>{panel}</FocusableColumns>}
        placeholder={t('dash:header.timePlaceholder')}
        status={errors[name] ? 'error' : undefined}
        value={time(values[name])}
        onChange={(next) => update({ [name]: next ? next.format(TIME) : '' })}
        style={{ width: '100%' }}
      />
    </Cell>
  );

  return (
    // Not printed on a dashboard: its print header says the same in words (print-styles.ts).
    <PickerTheme>
      <header data-testid="dash-header" className="canteiro-dash-header" style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 8 }}>
          {/* The page's one h1, at the size of a section title (as the kit's lists). */}
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {title}
          </Typography.Title>
          <div style={{ marginRight: 'auto' }}>{note}</div>
          {actions}
        </div>
        <div style={{ display: 'flex', alignItems: 'flex-end', gap: 16, flexWrap: 'wrap' }}>
          <div style={{ marginBottom: -16 }}>
            <ContextPicker
              context={DASH_CONTRACT}
              t={t as TFunction}
              value={contract}
              onChange={chooseContract}
              preferred={preferred}
            />
          </div>
          {bucketed ? (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <label htmlFor={idOf('range')} style={{ fontWeight: 600 }}>
                {t('figures:filters.range')}
              </label>
              <Select<string>
                id={idOf('range')}
                value={values.range || undefined}
                placeholder={t('dash:header.rangeType.auto')}
                allowClear={{ label: t('kit:clearField', { field: t('figures:filters.range') }) }}
                onChange={(next) => update({ range: next ?? '' })}
                options={RANGE_TYPES.map((range) => ({ value: range, label: t(`figures:filters.ranges.${range}`) }))}
                style={{ width: 130 }}
              />
            </div>
          ) : null}
          {/* It gives way first: at 1064 px it narrows to stay on the contract's row. */}
          {extra ? <div style={{ marginLeft: 'auto', flex: '1 1 150px', maxWidth: 240 }}>{extra}</div> : null}
        </div>
        {/* As on Management's screens, the contract comes first: its catalogue feeds the filters. */}
        {contract === null ? null : (
          <div
            role="group"
            aria-label={t('dash:header.filters')}
            data-testid="dash-filters"
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(126px, 1fr))',
              gap: '8px 12px',
              marginTop: 12,
              alignItems: 'start',
            }}
          >
            <Cell id={idOf('period')} label={t('dash:header.period')} wide>
              <Select<string>
                id={idOf('period')}
                value={values.period || undefined}
                placeholder={t('dash:header.fixedDates')}
                allowClear={{ label: t('kit:clearField', { field: t('dash:header.period') }) }}
                // The dates are the period's, on the reader's today: the URL keeps only its name.
                onChange={(next) =>
                  update({ period: next ?? '', from: next ? '' : values.from, to: next ? '' : values.to, week: '' })
                }
                options={DATE_PRESETS.map((preset) => ({ value: preset, label: t(`dash:header.presets.${preset}`) }))}
                style={{ width: '100%' }}
              />
            </Cell>
            {dateCell('from')}
            {dateCell('to')}
            {timeCell('fromTime')}
            {timeCell('toTime')}
            <Cell id={idOf('weekdayFirst')} label={t('dash:header.weekdayFirst')} error={message('weekdays')}>
              <Select<number>
                id={idOf('weekdayFirst')}
                {...ariaOf(idOf('weekdayFirst'), message('weekdays'))}
                allowClear={{ label: t('kit:clearField', { field: t('dash:header.weekdayFirst') }) }}
                placeholder={t('dash:header.any')}
                value={first ?? undefined}
                onChange={(next) => update({ weekdays: weekdaysParam(next ?? null, last) })}
                options={weekdayOptions((day) => last !== null && day > last)}
                style={{ width: '100%' }}
              />
            </Cell>
            <Cell id={idOf('weekdayLast')} label={t('dash:header.weekdayLast')}>
              <Select<number>
                id={idOf('weekdayLast')}
                allowClear={{ label: t('kit:clearField', { field: t('dash:header.weekdayLast') }) }}
                placeholder={t('dash:header.any')}
                value={last ?? undefined}
                onChange={(next) => update({ weekdays: weekdaysParam(first, next ?? null) })}
                options={weekdayOptions((day) => first !== null && day < first)}
                style={{ width: '100%' }}
              />
            </Cell>
            <Cell id={idOf('week')} label={t('figures:filters.week')} error={message('week')} wide>
              <DatePicker
                id={idOf('week')}
                {...ariaOf(idOf('week'), message('week'))}
                picker="week"
                placeholder={t('dash:header.weekPlaceholder')}
                value={weekStart ? dayjs(weekStart) : null}
                format={(value) => weekLabel(weekOf(value.format('YYYY-MM-DD')), t as TFunction, currentLocale())}
                // The week is its Monday to Sunday: the dates become the week's, not crossed with it.
                onChange={(next) => {
                  const week = next ? weekOf(next.format('YYYY-MM-DD')) : '';
                  const days = week ? weekDays(week) : null;
                  update(days ? { week, from: days.from, to: days.to, period: '' } : { week: '' });
                }}
                status={errors.week ? 'error' : undefined}
                style={{ width: '100%' }}
              />
            </Cell>
            {FILTER_DIMENSIONS.map((dimension) => {
              const { endpoint, params } = optionsOf(dimension, contract);
              const label = t(`fields:${dimension}`);
              return (
                <Cell key={dimension} id={idOf(dimension)} label={label} error={message(dimension)}>
                  <RemoteSelect
                    id={idOf(dimension)}
                    endpoint={endpoint}
                    params={params}
                    enabled={contract !== null}
                    onDemand
                    value={values[dimension]}
                    onChange={(next) => update({ [dimension]: next })}
                    fieldLabel={label}
                    placeholder={t('dash:header.any')}
                    status={errors[dimension] ? 'error' : undefined}
                    ariaProps={ariaOf(idOf(dimension), message(dimension))}
                  />
                </Cell>
              );
            })}
            <Cell id={idOf('classification')} label={t('fields:classification')} error={message('classification')}>
              <Select<string>
                id={idOf('classification')}
                {...ariaOf(idOf('classification'), message('classification'))}
                value={values.classification || undefined}
                placeholder={t('dash:header.any')}
                allowClear={{ label: t('kit:clearField', { field: t('fields:classification') }) }}
                onChange={(next) => update({ classification: next ?? '' })}
                // An occurrence's class filters the activity rows, a machine's the equipment rows.
                options={[
                  {
                    label: t('dash:header.occurrenceClasses'),
                    options: OCCURRENCE_CLASSIFICATIONS.map((value) => ({
                      value,
                      label: t(`lists:classification.${value}`),
                    })),
                  },
                  {
                    label: t('dash:header.machineClasses'),
                    options: EQUIPMENT_CLASSIFICATIONS.map((value) => ({
                      value,
                      label: t(`lists:equipmentClassification.${value}`),
                    })),
                  },
                ]}
                status={errors.classification ? 'error' : undefined}
                style={{ width: '100%' }}
              />
            </Cell>
          </div>
        )}
        {contract === null ? null : <FilterChips values={values} update={update} />}
      </header>
    </PickerTheme>
  );
}
