import { useTranslation } from 'react-i18next';
import type { ApexOptions } from 'apexcharts';
import { Typography } from 'antd';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import { themeTokens } from '@canteiro/shared/core';
import { CLASS_COLOURS, Chart, FigureCard, annotationMarks, tableCategories, useLocale } from '../../kit/dashboards';
import { shareAxis } from './evolution';

const SIGNAL_INK = '#141414';
const LIMIT_GREY = '#767676';

/**
 * The control chart of the daily value-adding share (DOMAIN.md §5): each day's share, the
 * window's share as the centre line, each day's limits (dashed) from its workers and the
 * design effect; a day outside its limits is a filled square, a day of a run of eight on one
 * side a hollow circle, and a sentence under the chart says what each mark means.
 */
export function ControlChart({ answer }: { answer: ProjectHealthDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const { control } = answer;
  const table = dashboardTable('project-health', answer, 'control');
  const days = control.days;
  const outside = days.filter((day) => day.signal === 'outside').length;
  const run = days.filter((day) => day.signal === 'run').length;
  const marks = days.flatMap((day, dataPointIndex) =>
    day.signal === 'outside'
      ? [{ seriesIndex: 0, dataPointIndex, shape: 'square', size: 7, fillColor: SIGNAL_INK, strokeColor: SIGNAL_INK }]
      : day.signal === 'run'
        ? [{ seriesIndex: 0, dataPointIndex, shape: 'circle', size: 6, fillColor: '#ffffff', strokeColor: SIGNAL_INK }]
        : [],
  );
  const axis = shareAxis(days.flatMap((day) => [day.share, day.lower, day.upper]));
  const categories = tableCategories(table, 'date', locale);
  const dayMarks = annotationMarks(
    answer.annotations,
    days.map((day, index) => ({ from: day.date, to: day.date, category: categories[index]! })),
  );
  const options: ApexOptions = {
    colors: [CLASS_COLOURS.valueAdding, SIGNAL_INK, LIMIT_GREY, LIMIT_GREY],
    stroke: { width: [2, 2, 2, 2], dashArray: [0, 0, 6, 6], curve: 'straight' },
    markers: { size: [4, 0, 0, 0], discrete: marks as NonNullable<ApexOptions['markers']>['discrete'] },
    legend: { show: true },
    xaxis: { categories, tickAmount: 10 },
    yaxis: axis,
    annotations: { xaxis: dayMarks },
  };
  const series = [
    { name: t('dash:projectHealth.controlDay'), data: days.map((day) => day.share) },
    { name: t('dash:projectHealth.controlCentre'), data: days.map(() => control.centre) },
    { name: t('dash:projectHealth.controlUpper'), data: days.map((day) => day.upper) },
    { name: t('dash:projectHealth.controlLower'), data: days.map((day) => day.lower) },
  ];
  return (
    <FigureCard table={table} title={t('dash:projectHealth.control')}>
      <Chart
        type="line"
        format="index"
        testId="chart-control"
        label={t('dash:projectHealth.controlLabel')}
        height={280}
        series={series}
        options={options}
      />
      <Typography.Paragraph data-testid="control-explain" style={{ fontSize: 12, margin: '4px 0 0' }}>
        {t('dash:projectHealth.controlExplain', {
          deff: formatFigure(control.designEffect ?? 1, 'decimal', locale),
        })}{' '}
        <strong data-testid="control-signals" style={{ color: themeTokens.colorText }}>
          {outside + run > 0
            ? t('dash:projectHealth.controlSignals', {
                outside: formatFigure(outside, 'integer', locale),
                run: formatFigure(run, 'integer', locale),
              })
            : t('dash:projectHealth.controlNone')}
        </strong>
      </Typography.Paragraph>
    </FigureCard>
  );
}
