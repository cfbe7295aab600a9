import { useId } from 'react';
import type { CSSProperties } from 'react';
import { ViewSwitch } from './view-switch';
import { useTranslation } from 'react-i18next';
import { byShare } from '@canteiro/shared/domain';
import type { DashboardClass, FigureRow, FigureTable, NamedClassTotals, RankMovement } from '@canteiro/shared/domain';
import { CLASS_COLUMNS } from './class-colours';
import type { IntervalItem } from './interval-rank';

/** An index a list can be ranked by (DOMAIN.md §3: value-adding work, hidden or evident waste). */
export type RankBy = (typeof CLASS_COLUMNS.index)[number];

/** The class each index is the share of (the colour a ranked chart draws it in). */
export const RANK_CLASS: Record<RankBy, DashboardClass> = {
  vaIndex: 'valueAdding',
  hwIndex: 'hiddenWaste',
  ewIndex: 'evidentWaste',
};

/**
 * The server ranks every list by value-adding index (then HH, then id); ranked by a waste,
 * the same rows — the server's figures — are re-ordered here, highest first, a row without
 * an index last, ties in the server's order.
 */
export function rankRows(table: FigureTable, by: RankBy): FigureTable {
  const value = (row: FigureRow) => (typeof row[by] === 'number' ? (row[by] as number) : -Infinity);
  const rows = table.rows
    .map((row, order) => ({ row, order }))
    .sort((a, b) => value(b.row) - value(a.row) || a.order - b.order)
    .map(({ row }) => row);
  return { ...table, rows };
}

/**
 * The items of a list ordered by the chosen class's share, as rankRows orders its table (the
 * server's order for ties, no share last), each with that share's interval and, when the
 * answer compares periods, how it moved by that share.
 */
export function rankItems(items: (NamedClassTotals & { moved?: RankMovement | null })[], by: RankBy): IntervalItem[] {
  const name = RANK_CLASS[by];
  // The server's ends of a long list (rankEnds) are the ends of this order.
  return byShare(items, name).map((item) => ({
    id: item.id,
    name: item.name,
    share: item.index[name],
    interval: item.intervals[name],
    workers: item.workers,
    moved: item.moved === undefined ? undefined : (item.moved?.[name] ?? null),
  }));
}

/** "Ordenar por": the three indexes as radio buttons (Tab reaches the group, arrows move the choice). */
export function RankBySelector({
  value,
  onChange,
  style,
}: {
  value: RankBy;
  onChange(by: RankBy): void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(['dash', 'figures']);
  const labelId = useId();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', ...style }}>
      <span id={labelId} style={{ fontSize: 13 }}>
        {t('dash:kit.rankBy')}
      </span>
      <ViewSwitch<RankBy>
        labelledBy={labelId}
        testId="rank-by"
        value={value}
        onChange={onChange}
        options={CLASS_COLUMNS.index.map((column) => ({
          value: column,
          label: t(`figures:values.${RANK_CLASS[column]}`),
        }))}
      />
    </div>
  );
}
