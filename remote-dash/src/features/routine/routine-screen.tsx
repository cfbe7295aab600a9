import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DASHBOARD_CLASSES, dashboardTable } from '@canteiro/shared/domain';
import type { FigureTable, RoutineDashboard } from '@canteiro/shared/domain';
import {
  CLASS_COLUMNS,
  CLASS_PALETTE,
  Chart,
  ClassKpis,
  DashboardScreen,
  FigureCard,
  bucketFilters,
  bucketMarks,
  classificationOf,
  hourWindow,
  shareTooltip,
  stackedLabels,
  stackedTooltip,
  tableCategories,
  tableSeries,
  useDrillDown,
  useOpenRows,
  useLocale,
  ViewSwitch,
} from '../../kit/dashboards';
import type { ChartPoint } from '../../kit/dashboards';

/** A class of a bucket or an hour: its rows, the rest of the dashboard's filters kept. */
function useOpenClassOf(element: (index: number) => Record<string, string> | null) {
  const openRows = useOpenRows();
  return ({ series, index }: ChartPoint) => {
    const kind = DASHBOARD_CLASSES[series];
    const filters = element(index);
    openRows('activity', kind && filters && { ...filters, classification: classificationOf(kind) });
  };
}

type View = 'hh' | 'index';

function Routine({ answer }: { answer: RoutineDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const [view, setView] = useState<View>('hh');
  const hours = dashboardTable('routine', answer, 'hours');
  const drill = useDrillDown();
  const title = t('figures:tables.hours');
  const openHour = useOpenClassOf((index) => {
    const hour = answer.hours[index]?.hour;
    return hour === undefined ? null : hourWindow(hour, answer.filters);
  });
  return (
    <>
      <ClassKpis totals={answer.totals} previous={answer.previous} />
      <FigureCard
        table={hours}
        rowHref={(row) => (typeof row.id === 'number' ? drill('activity', hourWindow(row.id, answer.filters)) : null)}
        showTable="open"
        pageSize={24}
        extra={
          <ViewSwitch<View>
            label={t('dash:routine.view')}
            testId="routine-view"
            value={view}
            onChange={setView}
            options={[
              { value: 'hh', label: t('dash:routine.viewHh') },
              { value: 'index', label: t('dash:routine.viewIndex') },
            ]}
          />
        }
      >
        <Chart
          type="bar"
          testId="chart-hours"
          format={view === 'hh' ? 'hh' : 'index'}
          label={t('dash:kit.chartOf', { title })}
          height={320}
          onOpen={openHour}
          series={tableSeries(hours, CLASS_COLUMNS[view], t as TFunction)}
          options={{
            chart: { stacked: true },
            colors: CLASS_PALETTE,
            plotOptions: { bar: { columnWidth: '70%' } },
            dataLabels: stackedLabels(locale, view),
            xaxis: { categories: tableCategories(hours, 'hour', locale) },
            yaxis: view === 'index' ? { min: 0, max: 1, tickAmount: 4 } : { min: 0 },
            // HH: the stack's total and each class's part; shares: each with its 95 % interval.
            tooltip:
              view === 'hh'
                ? stackedTooltip(tableCategories(hours, 'hour', locale), locale, t('dash:kit.total'))
                : shareTooltip(answer.hours, locale, t as TFunction),
          }}
        />
      </FigureCard>
      <HhByPeriod answer={answer} table={dashboardTable('routine', answer, 'hhByPeriod')} />
    </>
  );
}

/** HH by class per bucket of the header's range (day, week, month, year), stacked, oldest first. */
function HhByPeriod({ answer, table }: { answer: RoutineDashboard; table: FigureTable }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const categories = tableCategories(table, 'bucket', locale);
  const drill = useDrillDown();
  const openBucket = useOpenClassOf((index) => {
    const bucket = answer.evolution[index]?.bucket;
    return bucket === undefined ? null : bucketFilters(bucket, answer.filters);
  });
  return (
    <div style={{ marginTop: 16 }}>
      <FigureCard
        table={table}
        rowHref={(row) =>
          typeof row.id === 'string' ? drill('activity', bucketFilters(row.id, answer.filters)) : null
        }
      >
        <Chart
          type="bar"
          testId="chart-hhByPeriod"
          format="hh"
          label={t('dash:kit.chartOf', { title: t('figures:tables.hhByPeriod') })}
          height={300}
          onOpen={openBucket}
          series={tableSeries(table, CLASS_COLUMNS.hh, t as TFunction)}
          options={{
            chart: { stacked: true },
            colors: CLASS_PALETTE,
            plotOptions: { bar: { columnWidth: '60%' } },
            dataLabels: stackedLabels(locale),
            xaxis: { categories },
            yaxis: { min: 0 },
            tooltip: stackedTooltip(categories, locale, t('dash:kit.total')),
            annotations: {
              xaxis: bucketMarks(answer, categories),
            },
          }}
        />
      </FigureCard>
    </div>
  );
}

/**
 * Routine (spec §2, DOMAIN.md §3): HH total and, hour by hour of the site's day, the HH of
 * value-adding work, hidden and evident waste — stacked in HH, or as each hour's shares; and
 * the same HH per bucket of the range the header offers (day, week, month, year).
 */
export function RoutineScreen() {
  return (
    <DashboardScreen
      name="routine"
      titleKey="dash:routes.routine.title"
      bucketed
      isEmpty={(answer: RoutineDashboard) => answer.hours.length === 0}
    >
      {(answer) => <Routine answer={answer} />}
    </DashboardScreen>
  );
}
