import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import { themeTokens } from '@canteiro/shared/core';
import {
  CLASS_COLOURS,
  Chart,
  FigureCard,
  bucketFilters,
  bucketMarks,
  classificationOf,
  tableCategories,
  useDrillDown,
  targetLine,
  useOpenRows,
  useLocale,
} from '../../kit/dashboards';

/**
 * The value axis of a share chart scaled to its data (every value and interval end in view,
 * a little room around them, on whole 5 % steps), never past 0–100 %: on a fixed 0–100 %
 * axis a change from 44 to 45 % is a flat line.
 */
export function shareAxis(values: number[]): { min: number; max: number; tickAmount: number } {
  if (values.length === 0) return { min: 0, max: 1, tickAmount: 4 };
  const step = 0.05;
  const min = Math.max(0, Math.floor((Math.min(...values) - 0.01) / step) * step);
  const max = Math.min(1, Math.ceil((Math.max(...values) + 0.01) / step) * step);
  const span = Math.max(max - min, step);
  // A tick every 5 or 10 points (or 20 on a wide axis): round labels, never more than 8 steps.
  const tick = [0.05, 0.1, 0.2].find((candidate) => Math.round(span / candidate) <= 8) ?? 0.25;
  const low = Math.floor(min / tick + 1e-9) * tick;
  const high = Math.min(1, Math.max(low + tick, Math.ceil(max / tick - 1e-9) * tick));
  return { min: Number(low.toFixed(2)), max: Number(high.toFixed(2)), tickAmount: Math.round((high - low) / tick) };
}

/**
 * The value-adding share per bucket of the range type (DOMAIN.md §3), as a line inside the
 * band of its 95 % interval (§5); a low-confidence bucket's point hollow and grey.
 */
export function Evolution({ answer }: { answer: ProjectHealthDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const drill = useDrillDown();
  const openRows = useOpenRows();
  const table = dashboardTable('project-health', answer, 'evolution');
  const categories = tableCategories(table, 'bucket', locale);
  const points = answer.evolution;
  const band = points.map((point, index) => {
    const value = point.valueAddingIndex ?? 0;
    return { x: categories[index], y: point.interval ? [point.interval.low, point.interval.high] : [value, value] };
  });
  const line = points.map((point, index) => ({ x: categories[index], y: point.valueAddingIndex }));
  const target = answer.targets.valueAdding;
  // The target in view too: a line above the axis would not be drawn.
  const axis = shareAxis([
    ...points.flatMap((point) => (point.interval ? [point.interval.low, point.interval.high] : [])),
    ...(target === null ? [] : [target]),
  ]);
  const hollow = points.flatMap((point, dataPointIndex) =>
    point.lowConfidence
      ? [{ seriesIndex: 1, dataPointIndex, fillColor: '#ffffff', strokeColor: themeTokens.colorTextSecondary, size: 6 }]
      : [],
  );
  // The contract's annotations over the buckets their days meet.
  const marks = bucketMarks(answer, categories);
  const options: ApexOptions = {
    colors: [CLASS_COLOURS.valueAdding, CLASS_COLOURS.valueAdding],
    fill: { opacity: [0.2, 1] },
    stroke: { width: [0, 3], curve: 'straight' },
    markers: { size: [0, 4], discrete: hollow },
    legend: { show: true },
    xaxis: { type: 'category', tickAmount: 12 },
    yaxis: axis,
    annotations: {
      xaxis: marks,
      yaxis:
        target === null
          ? []
          : [targetLine(target, t('dash:kit.target', { value: formatFigure(target, 'index', locale) }))],
    },
  };
  return (
    <FigureCard
      table={table}
      rowHref={(row) => (typeof row.id === 'string' ? drill('activity', bucketFilters(row.id, answer.filters)) : null)}
    >
      <Chart
        type="rangeArea"
        format="index"
        testId="chart-evolution"
        label={t('dash:projectHealth.evolutionLabel')}
        height={280}
        series={[
          { type: 'rangeArea', name: t('dash:kit.band'), data: band },
          { type: 'line', name: t('figures:columns.vaIndex'), data: line },
        ]}
        options={options}
        // A bucket opens its value-adding rows: its days, within the dashboard's own.
        onOpen={({ index }) => {
          const point = points[index];
          openRows(
            'activity',
            point && {
              ...bucketFilters(point.bucket, answer.filters),
              classification: classificationOf('valueAdding'),
            },
          );
        }}
      />
    </FigureCard>
  );
}
