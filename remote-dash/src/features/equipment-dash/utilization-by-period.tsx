import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '@canteiro/shared/domain';
import type { EquipmentDashboard, FigureTable } from '@canteiro/shared/domain';
import { bucketMarks } from '../../kit/dashboards/annotation-marks';
import { Chart } from '../../kit/dashboards/chart';
import { CLASS_COLOURS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { tableCategories, tableSeries } from '../../kit/dashboards/series';
import { useLocale } from '../../kit/dashboards/use-locale';

/**
 * The utilization of every machine together per bucket of the header's range (day, week,
 * month, year), oldest first: a line on 0–100 %, each point's observations in the tooltip, the
 * contract's annotations over the buckets their days meet.
 */
export function UtilizationByPeriod({ answer, table }: { answer: EquipmentDashboard; table: FigureTable }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const categories = tableCategories(table, 'bucket', locale);
  const options: ApexOptions = {
    colors: [CLASS_COLOURS.valueAdding],
    legend: { show: false },
    markers: { size: 4, strokeWidth: 0 },
    xaxis: { categories },
    yaxis: { min: 0, max: 1, tickAmount: 4 },
    annotations: {
      xaxis: bucketMarks(answer, categories),
    },
    tooltip: {
      x: {
        formatter: (_value: number, context?: { dataPointIndex: number }) => {
          const index = context?.dataPointIndex ?? -1;
          const row = table.rows[index];
          return row
            ? `${categories[index] ?? ''} · ${t('dash:equipment.observationsOf', {
                count: Number(row.observations ?? 0),
                value: formatFigure(row.observations, 'integer', locale),
              })}`
            : '';
        },
      },
    },
  };
  return (
    <FigureCard table={table}>
      <Chart
        type="line"
        series={tableSeries(table, ['utilization'], t)}
        options={options}
        format="index"
        height={260}
        label={t('dash:kit.chartOf', { title: t('figures:tables.utilizationByPeriod') })}
        testId="chart-utilizationByPeriod"
      />
    </FigureCard>
  );
}
