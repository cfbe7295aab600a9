import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FigureTable, ProjectHealthDashboard, RankedClassTotals } from '@canteiro/shared/domain';
import { dashboardTable } from '@canteiro/shared/domain';
import {
  CLASS_COLOURS,
  FigureCard,
  FigureGrid,
  IntervalRank,
  RANK_CLASS,
  RankBySelector,
  classificationOf,
  rankItems,
  rankRows,
  useDrillDown,
  useLocale,
} from '../../kit/dashboards';
import { shortDay } from '../../kit/header/header-state';
import type { RankBy } from '../../kit/dashboards';

/** The four ranked lists of the answer, as figure tables (spec §2: packages, locals, functions, activities). */
const RANKS = ['packages', 'locals', 'functions', 'activities'] as const;
/** The filter each list's items are (an item opens the rows of its class: drill-down.ts). */
const DIMENSION_OF = { packages: 'package', locals: 'local', functions: 'function', activities: 'activity' } as const;
/** How many rows a rank's table shows a page. */
export const RANK_TOP = 10;

/** One list: every item's chosen share with its interval, the whole list in its table. */
function RankCard({
  table,
  items,
  by,
  dimension,
  since,
  target,
}: {
  table: FigureTable;
  items: RankedClassTotals[];
  by: RankBy;
  dimension: (typeof DIMENSION_OF)[keyof typeof DIMENSION_OF];
  since: string | undefined;
  /** The contract's value-adding target, when the lists are ranked by value-adding share. */
  target: number | null;
}) {
  const { t } = useTranslation(['dash', 'figures']);
  const drill = useDrillDown();
  const title = t(`figures:tables.${table.key}`);
  return (
    <FigureCard table={rankRows(table, by)} pageSize={RANK_TOP}>
      <IntervalRank
        testId={`chart-${table.key}`}
        items={rankItems(items, by)}
        colour={CLASS_COLOURS[RANK_CLASS[by]]}
        label={t('dash:kit.rankList', { title, by: t(`figures:columns.${by}`), count: items.length })}
        since={since}
        target={target}
        hrefOf={(item) =>
          drill('activity', { [dimension]: String(item.id), classification: classificationOf(RANK_CLASS[by]) })
        }
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
  const locale = useLocale();
  // Each item's movement since the period before, when the answer compares with one.
  const { previous } = answer;
  const since = previous ? `${shortDay(previous.from, locale)}–${shortDay(previous.to, locale)}` : undefined;
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
          <RankCard
            key={key}
            by={by}
            dimension={DIMENSION_OF[key]}
            since={since}
            target={by === 'vaIndex' ? answer.targets.valueAdding : null}
            items={answer.ranks[key]}
            table={dashboardTable('project-health', answer, key)}
          />
        ))}
      </FigureGrid>
    </section>
  );
}
