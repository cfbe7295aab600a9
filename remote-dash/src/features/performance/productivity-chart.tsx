import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import { formatFigure } from '@canteiro/shared/domain';
import type { FigureTable, Locale } from '@canteiro/shared/domain';
import { Chart } from '../../kit/dashboards/chart';
import { CLASS_COLOURS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { Legend, LegendItem } from '../../kit/dashboards/legend';
import { nameLines, tableCategories, tableSeries } from '../../kit/dashboards/series';
import { useLocale } from '../../kit/dashboards/use-locale';
import { useDrillDown, useOpenRows } from '../../kit/dashboards/drill-down';
import type { DrillFilters, DrillReport } from '../../kit/dashboards/drill-down';

/** Where a package's or local's bar opens (drill-down.ts): a list, filtered by the bar's group. */
function useOpenGroup(table: FigureTable, dimension: 'package' | 'local', report: DrillReport, extra: DrillFilters) {
  const drill = useDrillDown();
  const openRows = useOpenRows();
  const element = (row: FigureTable['rows'][number] | undefined): DrillFilters | null =>
    row?.id === undefined ? null : { [dimension]: String(row.id), ...extra };
  return {
    onOpen: ({ index }: { index: number }) => openRows(report, element(table.rows[index])),
    rowHref: (row: FigureTable['rows'][number]) => {
      const filters = element(row);
      return filters && drill(report, filters);
    },
  };
}

const ROW_HEIGHT = 32;
const AXES_HEIGHT = 80;
/** The plan: a productivity index of 1 (planned RUP = actual RUP). */
const PLAN = 1;

/**
 * A bar at or past the plan, and one short of it: dark blue and orange, the pair a person with
 * deuteranopia still tells apart (blue and yellow stay; L* 31 and 60 as they see them), each at
 * 3:1 on white. Never the colour alone: each bar's label carries ▲ or ▼, as the legend says.
 */
export const PLAN_COLOURS = { better: '#1d4e89', worse: '#d46b08' } as const;
export const PLAN_MARKS = { better: '▲', worse: '▼' } as const;
const sideOf = (index: number) => (index >= PLAN ? 'better' : 'worse');

/**
 * An index as its bar's label: two decimals, or more when two would write the plan itself
 * for an index off the plan (0,996 is "0,996 ▼", never "1,00 ▼"; 0,99996 is "0,9999 ▼").
 */
export function indexLabel(value: number, locale: Locale): string {
  const written = (digits: number, figure: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(figure);
  const digits = [2, 3, 4].find((candidate) => written(candidate, value) !== written(candidate, PLAN));
  // Closer still: four decimals rounded away from the plan (0,99996 is "0,9999").
  const away = (value < PLAN ? Math.floor : Math.ceil)(value * 10_000) / 10_000;
  const figure = value === PLAN ? written(2, value) : digits === undefined ? written(4, away) : written(digits, value);
  return `${figure} ${PLAN_MARKS[sideOf(value)]}`;
}

/** Round steps of the index axis (0,2 · 0,25 · 0,5 …) and at most this many of them. */
const STEPS = [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10];
const MAX_TICKS = 7;

/** The index axis from 0 past the longest bar and the plan's line, in round steps. */
export function indexAxis(highest: number): { max: number; tickAmount: number } {
  const top = Math.max(highest, PLAN) * 1.1;
  const step = STEPS.find((candidate) => top / candidate <= MAX_TICKS) ?? Math.ceil(top / MAX_TICKS);
  const ticks = Math.ceil(top / step);
  return { max: ticks * step, tickAmount: ticks };
}

/** Ticks as short as they can be (0 · 0,2 · 1,25): at 1064 px seven of them share a half-width card. */
const tick = (locale: Locale) => {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (value: string | number) => format.format(Number(value));
};

const heightOf = (rows: number) => Math.max(180, AXES_HEIGHT + rows * ROW_HEIGHT);

/**
 * Productivity index by package or by local (DOMAIN.md §3): a bar each, and a line at 1 —
 * the plan — so a bar past it beat the plan; a bar is coloured and marked by its side of it. A group with no production has no index (no bar).
 */
export function ProductivityChart({ table, dimension }: { table: FigureTable; dimension: 'package' | 'local' }) {
  // A group's bar opens its production (the quantity rows): the figure's denominator.
  const open = useOpenGroup(table, dimension, 'quantity', {});
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const names = tableCategories(table, 'name', locale);
  const series = tableSeries(table, ['productivityIndex'], t);
  const axis = indexAxis(Math.max(...series[0]!.data.map((value) => value ?? 0)));
  const titleOf = (index: number) => {
    const row = table.rows[index];
    if (!row) return '';
    return t('dash:performance.hhTitle', {
      name: names[index] ?? '',
      hh: formatFigure(row.hh, 'hh', locale),
      planned: formatFigure(row.plannedHh, 'hh', locale),
    });
  };
  const options: ApexOptions = {
    colors: [({ value }: { value: number }) => PLAN_COLOURS[sideOf(value)]],
    legend: { show: false },
    plotOptions: { bar: { horizontal: true, barHeight: '62%', dataLabels: { position: 'top' } } },
    // Each bar's index and its side of the plan, past its end (dark text on the card, not on the bar).
    dataLabels: {
      enabled: true,
      formatter: (value: number) => (typeof value === 'number' ? indexLabel(value, locale) : ''),
      offsetX: 28,
      style: { colors: [themeTokens.colorText], fontSize: '12px', fontWeight: 600 },
    },
    xaxis: {
      categories: names.map(nameLines),
      min: 0,
      // Room past the longest bar and the plan's line, so its label is never cut.
      ...axis,
      labels: { formatter: tick(locale) },
    },
    annotations: {
      xaxis: [
        {
          x: PLAN,
          borderColor: themeTokens.colorText,
          strokeDashArray: 4,
          label: {
            text: t('dash:performance.plan', { value: formatFigure(PLAN, 'decimal', locale) }),
            orientation: 'horizontal',
            position: 'top',
            borderColor: themeTokens.colorText,
            style: { background: '#fff', color: themeTokens.colorText, fontSize: '12px' },
          },
        },
      ],
    },
    tooltip: {
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => titleOf(context?.dataPointIndex ?? -1),
      },
    },
  };
  return (
    <FigureCard table={table} rowHref={open.rowHref}>
      {table.rows.length === 0 ? (
        <NoProduction />
      ) : (
        <Chart
          type="bar"
          series={series}
          options={options}
          format="decimal"
          height={heightOf(table.rows.length)}
          label={t('dash:performance.productivityLabel', { title: t(`figures:tables.${table.key}`) })}
          testId={`chart-${table.key}`}
          onOpen={open.onOpen}
        />
      )}
      {table.rows.length === 0 ? null : (
        <Legend label={t('dash:kit.legend')}>
          {(['better', 'worse'] as const).map((side) => (
            <LegendItem
              key={side}
              colour={PLAN_COLOURS[side]}
              mark={PLAN_MARKS[side]}
              text={t(`dash:performance.${side}`)}
            />
          ))}
        </Legend>
      )}
    </FigureCard>
  );
}

/** The distribution of added value (DOMAIN.md §3): each package's or local's share of the value-adding HH. */
export function AddedValueChart({ table, dimension }: { table: FigureTable; dimension: 'package' | 'local' }) {
  // A group's bar opens its value-adding rows: they add up to its HH.
  const open = useOpenGroup(table, dimension, 'activity', { classification: 'value_adding' });
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const names = tableCategories(table, 'name', locale);
  const series = tableSeries(table, ['share'], t);
  const options: ApexOptions = {
    colors: [CLASS_COLOURS.valueAdding],
    legend: { show: false },
    plotOptions: { bar: { horizontal: true, barHeight: '62%' } },
    xaxis: {
      categories: names.map(nameLines),
      min: 0,
      tickAmount: 4,
      labels: { formatter: (value: string) => formatFigure(Number(value), 'index', locale) },
    },
    tooltip: {
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => {
          const index = context?.dataPointIndex ?? -1;
          const row = table.rows[index];
          return row ? `${names[index] ?? ''} · ${formatFigure(row.hh, 'hh', locale)} HH` : '';
        },
      },
    },
  };
  return (
    <FigureCard table={table} rowHref={open.rowHref}>
      {table.rows.length === 0 ? (
        <NoProduction messageKey="dash:noData" />
      ) : (
        <Chart
          type="bar"
          series={series}
          options={options}
          format="index"
          height={heightOf(table.rows.length)}
          label={t('dash:performance.addedValueLabel', { title: t(`figures:tables.${table.key}`) })}
          testId={`chart-${table.key}`}
          onOpen={open.onOpen}
        />
      )}
    </FigureCard>
  );
}

/** An empty chart's place: nothing produced (productivity), or no value-adding HH (added value). */
function NoProduction({ messageKey = 'dash:performance.nothing' }: { messageKey?: string }) {
  const { t } = useTranslation('dash');
  return (
    <p style={{ color: themeTokens.colorTextSecondary, margin: '8px 0' }} data-testid="no-production">
      {t(messageKey)}
    </p>
  );
}
