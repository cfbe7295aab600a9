import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FigureTable, NamedClassTotals } from '@canteiro/shared/domain';
import { CLASS_COLOURS } from '../../kit/dashboards/class-colours';
import { FigureCard } from '../../kit/dashboards/figure-card';
import { IntervalRank } from '../../kit/dashboards/interval-rank';
import { RANK_CLASS, RankBySelector, rankItems, rankRows } from '../../kit/dashboards/rank';
import type { RankBy } from '../../kit/dashboards/rank';
import { classificationOf, useDrillDown } from '../../kit/dashboards/drill-down';

/**
 * Functions ranked by value-adding work, hidden waste or evident waste (the user picks): each
 * function's chosen share with its 95 % interval (DOMAIN.md §5), every function; the table
 * under it lists the same rows in the same order with the three shares, the registers and the
 * low-confidence mark.
 */
export function FunctionsRank({ table, items }: { table: FigureTable; items: NamedClassTotals[] }) {
  const { t } = useTranslation(['dash', 'figures']);
  const [by, setBy] = useState<RankBy>('vaIndex');
  const drill = useDrillDown();
  return (
    // The table open: it gives each function's registers and sample (spec: "with the registers") in the chart's order.
    <FigureCard table={rankRows(table, by)} showTable="open">
      <RankBySelector value={by} onChange={setBy} style={{ marginBottom: 8 }} />
      <IntervalRank
        testId="chart-functions"
        items={rankItems(items, by)}
        colour={CLASS_COLOURS[RANK_CLASS[by]]}
        label={t('dash:byFunction.functionsLabel', { ranking: t(`figures:values.${RANK_CLASS[by]}`) })}
        hrefOf={(item) =>
          drill('activity', { function: String(item.id), classification: classificationOf(RANK_CLASS[by]) })
        }
      />
    </FigureCard>
  );
}
