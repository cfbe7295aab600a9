import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FigureTable, ProjectHealthDashboard } from '@canteiro/shared/domain';
import { dashboardTable } from '@canteiro/shared/domain';
import {
  CLASS_COLUMNS,
  CLASS_PALETTE,
  Chart,
  FigureCard,
  FigureGrid,
  RankBySelector,
  nameLines,
  rankRows,
  tableCategories,
  tableSeries,
  useLocale,
} from '../../kit/dashboards';
import type { RankBy } from '../../kit/dashboards';

/** The four ranked lists of the answer, as figure tables (spec §2: packages, locals, functions, activities). */
const RANKS = ['packages', 'locals', 'functions', 'activities'] as const;
/** How many of a list the chart draws: the table's first page, so both show the same names. */
export const RANK_TOP = 10;

/** One list: its first ten as stacked horizontal bars of the three indexes, the whole list in its table. */
function RankCard({ table, by }: { table: FigureTable; by: RankBy }) {
  const { t } = useTranslation(['dash', 'figures']);
  const locale = useLocale();
  const ranked = rankRows(table, by);
  const top = { ...ranked, rows: ranked.rows.slice(0, RANK_TOP) };
  const names = tableCategories(top, 'name', locale);
  const title = t(`figures:tables.${table.key}`);
  return (
    <FigureCard table={ranked} pageSize={RANK_TOP}>
      <Chart
        type="bar"
        format="index"
        testId={`chart-${table.key}`}
        label={t('dash:projectHealth.rankChart', { title, by: t(`figures:columns.${by}`), count: top.rows.length })}
        height={Math.max(160, top.rows.length * 38 + 70)}
        series={tableSeries(top, CLASS_COLUMNS.index, t as TFunction)}
        options={{
          chart: { stacked: true },
          colors: CLASS_PALETTE,
          plotOptions: { bar: { horizontal: true, barHeight: '70%' } },
          xaxis: { categories: names.map(nameLines), min: 0, max: 1, tickAmount: 4 },
          // The whole name in the tooltip (the axis may cut it).
          tooltip: {
            x: {
              formatter: (_value: unknown, context?: { dataPointIndex: number }) =>
                names[context?.dataPointIndex ?? -1] ?? '',
            },
          },
        }}
      />
    </FigureCard>
  );
}

/**
 * The ranks (DOMAIN.md §3): packages, locals, functions and activities by value-adding
 * index, or by hidden or evident waste — one choice for the four lists (radio buttons: Tab
 * reaches the group, arrows move the choice).
 */
export function Ranks({ answer }: { answer: ProjectHealthDashboard }) {
  const { t } = useTranslation(['dash', 'figures']);
  const [by, setBy] = useState<RankBy>('vaIndex');
  return (
    <section aria-labelledby="ranks-title" data-testid="ranks">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', margin: '8px 0 12px' }}>
        <h2 id="ranks-title" style={{ fontSize: 18, margin: 0, fontWeight: 600 }}>
          {t('dash:projectHealth.ranks')}
        </h2>
        <RankBySelector value={by} onChange={setBy} style={{ marginLeft: 'auto' }} />
      </div>
      <FigureGrid min={400}>
        {RANKS.map((key) => (
          <RankCard key={key} by={by} table={dashboardTable('project-health', answer, key)} />
        ))}
      </FigureGrid>
    </section>
  );
}
