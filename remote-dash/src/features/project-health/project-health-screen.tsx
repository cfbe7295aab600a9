import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DASHBOARD_CLASSES, dashboardTable } from '@canteiro/shared/domain';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import {
  CLASS_COLUMNS,
  CLASS_PALETTE,
  CLASS_LABEL_COLOURS,
  Chart,
  ClassKpis,
  DashboardScreen,
  FigureCard,
  FigureGrid,
  rowSeries,
  stackedLabels,
  stackedTooltip,
  tableCategories,
  classificationOf,
  tableSeries,
  useDrillDown,
  useOpenRows,
  useLocale,
} from '../../kit/dashboards';
import { Annotations } from './annotations';
import { Compliance } from './compliance';
import { ControlChart } from './control-chart';
import { Evolution } from './evolution';
import { Ranks } from './ranks';

/** Nothing observed under these filters: no HH, no walk to comply with. */
const isEmpty = (answer: ProjectHealthDashboard) => answer.totals.registers === 0 && answer.compliance.reports === 0;

function ProjectHealth({ answer }: { answer: ProjectHealthDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const drill = useDrillDown();
  const openRows = useOpenRows();
  const totals = dashboardTable('project-health', answer, 'totals');
  const weekdays = dashboardTable('project-health', answer, 'weekdays');
  const chartOf = (title: string) => t('dash:kit.chartOf', { title });
  const classesTitle = t('dash:projectHealth.classes');
  return (
    <>
      <ClassKpis totals={answer.totals} previous={answer.previous} />
      <FigureGrid min={380}>
        <FigureCard table={totals} title={classesTitle}>
          <Chart
            type="donut"
            testId="chart-classes"
            label={chartOf(classesTitle)}
            onOpen={({ index }) => {
              const kind = DASHBOARD_CLASSES[index];
              openRows('activity', kind && { classification: classificationOf(kind) });
            }}
            height={280}
            series={rowSeries(totals, CLASS_COLUMNS.hh)}
            options={{
              labels: DASHBOARD_CLASSES.map((name) => t(`figures:values.${name}`)),
              colors: CLASS_PALETTE,
              plotOptions: { pie: { donut: { size: '58%' } } },
              dataLabels: { style: { colors: CLASS_LABEL_COLOURS } },
            }}
          />
        </FigureCard>
        <FigureCard
          table={weekdays}
          rowHref={(row) => (row.id === undefined ? null : drill('activity', { weekdays: String(row.id) }))}
        >
          <Chart
            type="bar"
            testId="chart-weekdays"
            label={chartOf(t('figures:tables.weekdays'))}
            // A class of a day opens those rows: the day's weekday and the class of its bar.
            onOpen={({ series, index }) => {
              const weekday = weekdays.rows[index]?.id;
              const kind = DASHBOARD_CLASSES[series];
              openRows(
                'activity',
                weekday !== undefined && kind && { weekdays: String(weekday), classification: classificationOf(kind) },
              );
            }}
            height={280}
            series={tableSeries(weekdays, CLASS_COLUMNS.hh, t as TFunction)}
            options={{
              chart: { stacked: true },
              colors: CLASS_PALETTE,
              plotOptions: { bar: { columnWidth: '55%' } },
              dataLabels: stackedLabels(locale),
              // Seven short names: every one shown (rotated when they crowd), never one left out.
              tooltip: stackedTooltip(tableCategories(weekdays, 'weekday', locale), locale, t('dash:kit.total')),
              xaxis: {
                categories: tableCategories(weekdays, 'weekday', locale),
                labels: { hideOverlappingLabels: false },
              },
            }}
          />
        </FigureCard>
      </FigureGrid>
      <FigureGrid min={420}>
        <Evolution answer={answer} />
        <ControlChart answer={answer} />
      </FigureGrid>
      <Annotations answer={answer} />
      <Ranks answer={answer} />
      <Compliance answer={answer} />
    </>
  );
}

/**
 * Project health (spec §2, DOMAIN.md §3): the HH and indexes of value-adding work, hidden
 * and evident waste, by weekday and over time (bucketed by the range type), the ranks, and
 * the reporters' compliance with the reporting goal. Every chart with its table.
 */
export function ProjectHealthScreen() {
  return (
    <DashboardScreen name="project-health" titleKey="dash:routes.projectHealth.title" bucketed isEmpty={isEmpty}>
      {(answer) => <ProjectHealth answer={answer} />}
    </DashboardScreen>
  );
}
