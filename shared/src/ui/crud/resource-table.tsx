import type { ReactNode, Ref } from 'react';
import { Table, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { activenessColors, themeTokens } from '@canteiro/shared/core';
import { CellText, ColouredTag, cellOf } from './cells';
import type { ColumnDefinition, ListItem, ResourceDefinition } from './types';
import type { ListState, SortOrder } from './use-list-state';

/** Widths of the kit's own columns, and the least a column without a width may get before the table scrolls. */
export const ACTIVENESS_COLUMN_WIDTH = 150;
export const ACTIONS_COLUMN_WIDTH = 180;
/** What each of a resource's own row actions (finish, reopen) adds to the actions column. */
export const ROW_ACTION_WIDTH = 90;
const MIN_FREE_COLUMN_WIDTH = 90;

/** Cells keep to one line; a header wraps instead, so "Meta de apontamentos/dia" is read whole at 1064 px. */
const HEADER_TEXT = { whiteSpace: 'normal', overflowWrap: 'normal' } as const;

/**
 * What the table reads of a list's definition: a resource's (CRUD screens) or a report's,
 * which has no form, schema nor endpoints to fake.
 */
export type ListTableDefinition<Item extends ListItem> = Pick<
  ResourceDefinition<Item>,
  'namespace' | 'columns' | 'defaultSort' | 'hasActiveness'
>;

/** The order the list is in: the URL's, else the resource's default (`name` ascending). */
export function activeSort(
  resource: Pick<ResourceDefinition<never>, 'defaultSort'>,
  state: ListState,
): { key: string; order: SortOrder } {
  if (state.sort) return { key: state.sort, order: state.order };
  return resource.defaultSort ?? { key: 'name', order: 'asc' };
}

function ActivenessTag({ item, t }: { item: ListItem; t: TFunction }) {
  const kind = !item.isActive ? 'inactive' : item.parentInactive ? 'inactiveByParent' : 'active';
  const colors = activenessColors[kind];
  const tag = <ColouredTag colors={colors}>{t(`kit:${kind}`)}</ColouredTag>;
  return kind === 'inactiveByParent' ? (
    <Tooltip title={t('kit:inactiveByParentHint')} placement="topLeft">
      {tag}
    </Tooltip>
  ) : (
    <CellText>{tag}</CellText>
  );
}

interface ResourceTableProps<Item extends ListItem> {
  resource: ListTableDefinition<Item>;
  /** The columns shown, from the list's column choice (`useColumnChoice`): the table drops none itself. */
  shown: ColumnDefinition<Item>[];
  t: TFunction;
  items: Item[];
  loading: boolean;
  state: ListState;
  onSort: (sort: { sort: string; order: SortOrder }) => void;
  /** The row's buttons; none for read-only lists. */
  actions?: (item: Item) => ReactNode;
  /** The most row actions (finish, reopen) a row of the page shows: the actions column makes room for them. */
  rowActionCount?: number;
  /** The actions column's width when it is not the CRUD screens' (a report's one "Detalhes" button). */
  actionsWidth?: number;
  /** A click on a row (not on one of its buttons) opens it: a report row's detail. */
  onOpenRow?: (item: Item, row: HTMLElement) => void;
  /** The list's name for screen readers, and where focus goes when what had it is gone. */
  label: string;
  listRef: Ref<HTMLDivElement>;
  /** What an empty list says; the kit's 'no results' unless given (a report: no data for these filters). */
  emptyText?: string;
}

/**
 * The list: fixed layout that fits its area (columns without a width share what is left),
 * one line per row with an ellipsis, the actions kept at the right, headers that sort.
 */
export function ResourceTable<Item extends ListItem>({
  resource,
  shown,
  t,
  items,
  loading,
  state,
  onSort,
  actions,
  rowActionCount = 0,
  actionsWidth,
  onOpenRow,
  label,
  listRef,
  emptyText,
}: ResourceTableProps<Item>) {
  const { namespace } = resource;
  const sorted = activeSort(resource, state);
  const columns: TableColumnsType<Item> = shown.map((column) => ({
    key: column.key,
    title: <span style={HEADER_TEXT}>{t(column.titleKey, { ns: namespace })}</span>,
    onHeaderCell: () => ({ style: HEADER_TEXT }),
    width: column.width,
    align: column.align,
    ellipsis: { showTitle: false },
    ...(column.sortKey
      ? {
          sorter: true,
          showSorterTooltip: false,
          // Always one of the two: a third click goes back to ascending, never to "unsorted".
          sortDirections: ['ascend', 'descend', 'ascend'] as const,
          sortOrder: sorted.key === column.sortKey ? (sorted.order === 'asc' ? 'ascend' : 'descend') : null,
        }
      : {}),
    render: (_: unknown, item: Item) => <CellText>{cellOf(column, item, t)}</CellText>,
  }));
  if (resource.hasActiveness) {
    columns.push({
      key: 'activeness',
      title: t('kit:activeness'),
      width: ACTIVENESS_COLUMN_WIDTH,
      ellipsis: { showTitle: false },
      render: (_: unknown, item: Item) => <ActivenessTag item={item} t={t} />,
    });
  }
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('kit:actions'),
      width: actionsWidth ?? ACTIONS_COLUMN_WIDTH + rowActionCount * ROW_ACTION_WIDTH,
      fixed: 'right',
      render: (_: unknown, item: Item) => actions(item),
    });
  }
  const fixedWidth = columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
  const freeColumns = columns.filter((column) => column.width === undefined).length;

  const onChange: TableProps<Item>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = resource.columns.find((candidate) => candidate.key === one?.columnKey);
    if (!column?.sortKey || !one?.order) return;
    onSort({ sort: column.sortKey, order: one.order === 'descend' ? 'desc' : 'asc' });
  };

  return (
    <div
      ref={listRef}
      role="region"
      aria-label={label}
      tabIndex={-1}
      data-testid="resource-list"
      style={{ outlineOffset: 2 }}
    >
      <Table<Item>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: fixedWidth + freeColumns * MIN_FREE_COLUMN_WIDTH }}
        columns={columns}
        dataSource={items}
        loading={loading}
        pagination={false}
        onChange={onChange}
        locale={{
          emptyText: (
            <span data-testid="no-results" style={{ color: themeTokens.colorTextSecondary }}>
              {emptyText ?? t('kit:noResults')}
            </span>
          ),
        }}
        onRow={
          onOpenRow
            ? (item) => ({
                onClick: (event) => {
                  // Its buttons do their own work (the detail button opens it too, from the keyboard).
                  if ((event.target as HTMLElement).closest('button, a, input')) return;
                  onOpenRow(item, event.currentTarget);
                },
                style: { cursor: 'pointer' },
              })
            : undefined
        }
        rowClassName={(item) => (item.isActive === false || item.parentInactive ? 'canteiro-row-inactive' : '')}
      />
    </div>
  );
}
