import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import type { ProjectHealthDashboard, RankList } from '@canteiro/shared/domain';
import { RANK_ENDS, RANK_LISTS, dashboardTable, filtersToQuery, formatFigure } from '@canteiro/shared/domain';
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
  queryKey,
  useDashboard,
  useDrillDown,
  useLocale,
} from '../../kit/dashboards';
import { shortDay } from '../../kit/header/header-state';
import type { RankBy } from '../../kit/dashboards';

/** The filter each list's items are (an item opens the rows of its class: drill-down.ts). */
const DIMENSION_OF = { packages: 'package', locals: 'local', functions: 'function', activities: 'activity' } as const;
/** How many rows a rank's table shows a page. */
export const RANK_TOP = 10;

/**
 * One list whole: the answer gives a long list by its ends (rankEnds); the rest is asked for
 * when the person wants it, with the filters of the answer on screen (it follows them after).
 */
function useWholeList(answer: ProjectHealthDashboard, list: RankList, wanted: boolean) {
  const filters = filtersToQuery(answer.filters);
  const { answer: whole, status } = useDashboard('project-health', wanted ? { ...filters, ranks: list } : null);
  // Only the list of the answer on screen: after a filter change the whole list of the filters
  // before stays in hand (the query's placeholder) until the new one comes.
  const same = whole !== null && queryKey(filtersToQuery(whole.filters)) === queryKey(filters);
  return { items: same ? whole.ranks[list] : null, loading: status === 'loading' };
}

/** One list: every item's chosen share with its interval (a long list by its ends), the same rows in its table. */
function RankCard({
  answer,
  list,
  by,
  since,
  target,
}: {
  answer: ProjectHealthDashboard;
  list: RankList;
  by: RankBy;
  since: string | undefined;
  /** The contract's value-adding target, when the lists are ranked by value-adding share. */
  target: number | null;
}) {
  const { t } = useTranslation(['dash', 'figures']);
  const drill = useDrillDown();
  const locale = useLocale();
  const [wanted, setWanted] = useState(false);
  const whole = useWholeList(answer, list, wanted);
  const count = answer.rankCounts[list];
  const ranked = rankItems(whole.items ?? answer.ranks[list], by);
  // By its ends while the whole list is not here: the top and the bottom of the chosen order
  // (the answer holds them for every order: rankEnds).
  const byEnds = whole.items === null && count > ranked.length;
  const items = byEnds ? [...ranked.slice(0, RANK_ENDS), ...ranked.slice(-RANK_ENDS)] : ranked;
  const shown = new Set(items.map((item) => item.id));
  const table = rankRows(dashboardTable('project-health', answer, list), by);
  const between = count - items.length;
  const dimension = DIMENSION_OF[list];
  const title = t(`figures:tables.${list}`);
  return (
    <FigureCard
      table={byEnds ? { ...table, rows: table.rows.filter((row) => shown.has(row.id as number)) } : table}
      pageSize={RANK_TOP}
    >
      <IntervalRank
        testId={`chart-${list}`}
        items={items}
        colour={CLASS_COLOURS[RANK_CLASS[by]]}
        label={t('dash:kit.rankList', { title, by: t(`figures:columns.${by}`), count })}
        since={since}
        target={target}
        hrefOf={(item) =>
          drill('activity', { [dimension]: String(item.id), classification: classificationOf(RANK_CLASS[by]) })
        }
        gap={
          byEnds
            ? {
                after: RANK_ENDS,
                content: (
                  <span style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                    <span>
                      {t('dash:kit.rankBetween', {
                        count: between,
                        formatted: formatFigure(between, 'integer', locale),
                        ends: RANK_ENDS,
                      })}
                    </span>
                    <Button
                      size="small"
                      loading={whole.loading}
                      onClick={() => setWanted(true)}
                      data-testid="rank-show-all"
                    >
                      {t('dash:kit.rankShowAll', { count, formatted: formatFigure(count, 'integer', locale) })}
                    </Button>
                  </span>
                ),
              }
            : undefined
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
        {RANK_LISTS.map((list) => (
          <RankCard
            key={list}
            answer={answer}
            list={list}
            by={by}
            since={since}
            target={by === 'vaIndex' ? answer.targets.valueAdding : null}
          />
        ))}
      </FigureGrid>
    </section>
  );
}
