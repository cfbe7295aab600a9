import { useId, useState } from 'react';
import type { ApexOptions } from 'apexcharts';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '@canteiro/shared/domain';
import type { DashboardClass, FigureRow, FigureTable } from '@canteiro/shared/domain';
import { Chart } from '../dashboards/chart';
import { CLASS_COLOURS, CLASS_COLUMNS } from '../dashboards/class-colours';
import { FigureCard } from '../dashboards/figure-card';
import { tableCategories, tableSeries } from '../dashboards/series';
import { useLocale } from '../dashboards/use-locale';

/** The three rankings (DOMAIN.md §3: by value-adding index, by hidden and by evident waste). */
const RANKINGS = [
  { kind: 'valueAdding', column: CLASS_COLUMNS.index[0] },
  { kind: 'hiddenWaste', column: CLASS_COLUMNS.index[1] },
  { kind: 'evidentWaste', column: CLASS_COLUMNS.index[2] },
] as const satisfies readonly { kind: DashboardClass; column: string }[];
type Ranking = (typeof RANKINGS)[number];

const ROW_HEIGHT = 30;
const AXES_HEIGHT = 90;

/**
 * The rows ranked by one index, highest first (no index last), ties in the server's order.
 * The server ranks by value-adding; the wastes are the same rows re-sorted (docs/dashboards.md).
 */
export function rankRows(rows: FigureRow[], column: Ranking['column']): FigureRow[] {
  const value = (row: FigureRow) => (typeof row[column] === 'number' ? (row[column] as number) : -1);
  return rows
    .map((row, order) => ({ row, order }))
    .sort((a, b) => value(b.row) - value(a.row) || a.order - b.order)
    .map(({ row }) => row);
}

/**
 * Functions ranked by value-adding work, hidden waste or evident waste (the user picks): one
 * bar per function splitting its HH into the three shares, the chosen share first so its
 * lengths compare from the axis; the registers and the low-confidence mark in the tooltip
 * and in the table, which lists the same rows in the same order.
 */
export function FunctionsRank({ table }: { table: FigureTable }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const labelId = useId();
  const [ranking, setRanking] = useState<Ranking>(RANKINGS[0]);
  const ranked: FigureTable = { ...table, rows: rankRows(table.rows, ranking.column) };
  const order = [ranking, ...RANKINGS.filter((candidate) => candidate !== ranking)];
  const names = tableCategories(ranked, 'name', locale);
  const series = tableSeries(
    ranked,
    order.map((item) => item.column),
    t,
  );
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
    colors: order.map((item) => CLASS_COLOURS[item.kind]),
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
  const control = (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', marginBottom: 4 }}>
      <span id={labelId} style={{ fontSize: 13 }}>
        {t('dash:byFunction.rankBy')}
      </span>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        size="small"
        value={ranking.kind}
        onChange={(event) => setRanking(RANKINGS.find((item) => item.kind === event.target.value) ?? RANKINGS[0])}
        options={RANKINGS.map((item) => ({ value: item.kind, label: t(`figures:values.${item.kind}`) }))}
        data-testid="rank-by"
      />
    </div>
  );
  return (
    // The table open: it gives each function's registers and sample (spec: "with the registers") in the chart's order.
    <FigureCard table={ranked} showTable="open">
      {control}
      <Chart
        type="bar"
        series={series}
        options={options}
        format="index"
        height={Math.max(200, AXES_HEIGHT + ranked.rows.length * ROW_HEIGHT)}
        label={t('dash:byFunction.functionsLabel', { ranking: t(`figures:values.${ranking.kind}`) })}
        testId="chart-functions"
      />
    </FigureCard>
  );
}
