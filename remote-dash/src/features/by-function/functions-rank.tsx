import { useState } from 'react';
import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '@canteiro/shared/domain';
import type { FigureTable } from '@canteiro/shared/domain';
import { Chart } from '../../kit/dashboards/chart';
import { CLASS_COLOURS, CLASS_COLUMNS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { RANK_CLASS, RankBySelector, rankRows } from '../../kit/dashboards/rank';
import type { RankBy } from '../../kit/dashboards/rank';
import { tableCategories, tableSeries } from '../../kit/dashboards/series';
import { useLocale } from '../../kit/dashboards/use-locale';

const ROW_HEIGHT = 30;
const AXES_HEIGHT = 90;

/**
 * Functions ranked by value-adding work, hidden waste or evident waste (the user picks): one
 * bar per function splitting its HH into the three shares, the chosen share first so its
 * lengths compare from the axis; the registers and the low-confidence mark in the tooltip
 * and in the table, which lists the same rows in the same order.
 */
export function FunctionsRank({ table }: { table: FigureTable }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const [by, setBy] = useState<RankBy>('vaIndex');
  const ranked = rankRows(table, by);
  // The chosen share first, so its lengths compare from the axis.
  const order = [by, ...CLASS_COLUMNS.index.filter((column) => column !== by)];
  const names = tableCategories(ranked, 'name', locale);
  const series = tableSeries(ranked, order, t);
  const sampleOf = (index: number) => {
    const row = ranked.rows[index];
    if (!row) return '';
    const registers = t('dash:byFunction.registersOf', {
      count: Number(row.registers ?? 0),
      value: formatFigure(row.registers, 'integer', locale),
    });
    return row.lowConfidence === true ? `${registers} · ${t('dash:kit.lowConfidence')}` : registers;
  };
  const options: ApexOptions = {
    chart: { stacked: true },
    colors: order.map((column) => CLASS_COLOURS[RANK_CLASS[column]]),
    plotOptions: { bar: { horizontal: true, barHeight: '70%' } },
    xaxis: {
      categories: names,
      min: 0,
      max: 1,
      tickAmount: 5,
      labels: { formatter: (value: string) => formatFigure(Number(value), 'index', locale) },
    },
    // Longer names than the kit's 160 px: the bars are shares, they need less room.
    yaxis: { labels: { maxWidth: 180 } },
    tooltip: {
      shared: true,
      intersect: false,
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => {
          const index = context?.dataPointIndex ?? -1;
          return `${names[index] ?? ''} — ${sampleOf(index)}`;
        },
      },
      y: { formatter: (value: number) => (typeof value === 'number' ? formatFigure(value, 'index', locale) : '') },
    },
  };
  return (
    // The table open: it gives each function's registers and sample (spec: "with the registers") in the chart's order.
    <FigureCard table={ranked} showTable="open">
      <RankBySelector value={by} onChange={setBy} style={{ marginBottom: 4 }} />
      <Chart
        type="bar"
        series={series}
        options={options}
        format="index"
        height={Math.max(200, AXES_HEIGHT + ranked.rows.length * ROW_HEIGHT)}
        label={t('dash:byFunction.functionsLabel', { ranking: t(`figures:values.${RANK_CLASS[by]}`) })}
        testId="chart-functions"
      />
    </FigureCard>
  );
}
