import type { ReactNode } from 'react';
import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import { themeTokens } from '@canteiro/shared/core';
import { DASHBOARD_CLASSES, formatFigure } from '@canteiro/shared/domain';
import type { DashboardClass, FigureTable, Locale } from '@canteiro/shared/domain';
import { Chart } from '../../kit/dashboards/chart';
import { CLASS_COLOURS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { Legend, LegendItem } from '../../kit/dashboards/legend';
import { tableCategories, tableSeries } from '../../kit/dashboards/series';
import { useLocale } from '../../kit/dashboards/use-locale';
import { useDrillDown, useOpenRows } from '../../kit/dashboards/drill-down';

/** The cumulative line: the theme's information blue, apart from the three class colours. */
const LINE_COLOUR = themeTokens.colorInfo;
const BAR_HEIGHT = 400;
/** Characters of an occurrence's name on the axis: the demo's longest (23) whole, a longer one cut. */
const AXIS_NAME = 26;
const axisName = (name: string) =>
  typeof name === 'string' && name.length > AXIS_NAME ? `${name.slice(0, AXIS_NAME - 1).trimEnd()}…` : name;

const isClass = (value: unknown): value is DashboardClass =>
  typeof value === 'string' && (DASHBOARD_CLASSES as readonly string[]).includes(value);

/** Whole percents on the line's axis (0 %, 20 % … 100 %): the tooltip and the table keep the decimal. */
const percentTick = (locale: Locale) => {
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return (value: number) => (typeof value === 'number' ? format.format(value) : '');
};

/** The classes of a loss: the Pareto's bars and legend (value-adding work is shown apart). */
const LOSS_CLASSES = DASHBOARD_CLASSES.filter((kind) => kind !== 'valueAdding');

/**
 * The losses as a Pareto (DOMAIN.md §3): a bar of HH per hidden or evident waste occurrence, in
 * the server's order (HH descending), coloured by its class, and the running share of the
 * losses' HH on a second axis 0–100 %. Both series are columns of the `topOccurrences` table
 * shown under the chart; the value-adding occurrences are named apart (`apart`).
 */
export function OccurrencesPareto({ table, apart }: { table: FigureTable; apart?: ReactNode }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const drill = useDrillDown();
  const openRows = useOpenRows();
  const names = tableCategories(table, 'occurrence', locale);
  const classes = table.rows.map((row) => (isClass(row.class) ? row.class : null));
  const [hh, cumulative] = tableSeries(table, ['hh', 'cumulativeShare'], t);
  const series: ApexOptions['series'] = [
    {
      name: hh!.name,
      type: 'column',
      data: hh!.data.map((y, index) => {
        const kind = classes[index];
        return { x: names[index]!, y, ...(kind ? { fillColor: CLASS_COLOURS[kind] } : {}) };
      }),
    },
    { name: cumulative!.name, type: 'line', data: cumulative!.data.map((y, index) => ({ x: names[index]!, y })) },
  ];
  const classOf = (index: number) => {
    const kind = classes[index];
    return kind ? t(`figures:values.${kind}`) : '';
  };
  const options: ApexOptions = {
    colors: [themeTokens.colorTextSecondary, LINE_COLOUR],
    // The line in its own colour (a bar chart's default stroke is the white between stacked bars).
    stroke: { width: [0, 2.5], colors: ['#fff', LINE_COLOUR], curve: 'straight' },
    markers: { size: [0, 3], strokeWidth: 0 },
    // The classes' legend is the list under the chart (a bar's colour is its class, not its series).
    legend: { show: false },
    plotOptions: { bar: { columnWidth: '62%', borderRadius: 2 } },
    xaxis: {
      type: 'category',
      // Every occurrence named (never every other one hidden), cut past AXIS_NAME characters; the tooltip and table say it whole.
      labels: { rotate: -45, trim: false, hideOverlappingLabels: false, maxHeight: 140, formatter: axisName },
    },
    yaxis: [
      {
        seriesName: hh!.name,
        title: { text: t('figures:columns.hh') },
        labels: { formatter: (value: number) => formatFigure(value, 'hh', locale) },
      },
      {
        seriesName: cumulative!.name,
        opposite: true,
        min: 0,
        max: 1,
        tickAmount: 5,
        title: { text: cumulative!.name },
        labels: { formatter: percentTick(locale) },
      },
    ],
    tooltip: {
      shared: true,
      intersect: false,
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => {
          const index = context?.dataPointIndex ?? -1;
          const kind = classOf(index);
          return kind ? `${names[index] ?? ''} · ${kind}` : (names[index] ?? '');
        },
      },
      y: {
        formatter: (value: number, context?: { seriesIndex: number }) =>
          typeof value !== 'number' ? '' : formatFigure(value, context?.seriesIndex === 1 ? 'index' : 'hh', locale),
      },
    },
  };
  return (
    <FigureCard
      table={table}
      rowHref={(row) => (row.id === undefined ? null : drill('activity', { occurrence: String(row.id) }))}
    >
      {apart}
      <Chart
        type="bar"
        series={series}
        options={options}
        height={BAR_HEIGHT}
        label={t('dash:byFunction.paretoLabel')}
        testId="chart-topOccurrences"
        // A bar (or the line's point above it) opens that occurrence's rows.
        onOpen={({ index }) => {
          const id = table.rows[index]?.id;
          openRows('activity', id !== undefined && { occurrence: String(id) });
        }}
      />
      <Legend label={t('dash:kit.legend')}>
        {LOSS_CLASSES.map((kind) => (
          <LegendItem key={kind} colour={CLASS_COLOURS[kind]} text={t(`figures:values.${kind}`)} />
        ))}
        <LegendItem colour={LINE_COLOUR} text={cumulative!.name} line />
      </Legend>
    </FigureCard>
  );
}
