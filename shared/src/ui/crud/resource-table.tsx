import type { ReactNode, Ref } from 'react';
import { Grid, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { activenessColors, themeTokens } from '@canteiro/shared/core';
import { formatCell } from './format';
import type { ColumnDefinition, ListItem, ResourceDefinition, TagColors } from './types';
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

/** One line, cut with an ellipsis; the whole text on hover. */
function CellText({ children }: { children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <Tooltip title={children} placement="topLeft">
      <span>{children}</span>
    </Tooltip>
  );
}

function ColouredTag({ colors, children }: { colors: TagColors; children: ReactNode }) {
  return (
    <Tag style={{ color: colors.color, background: colors.background, borderColor: colors.border, marginInlineEnd: 0 }}>
      {children}
    </Tag>
  );
}

/** A cell: the column's render, its tag, or `item[key]` in its format. */
function cellOf<Item>(column: ColumnDefinition<Item>, item: Item, t: TFunction): ReactNode {
  if (column.render) return column.render(item, t);
  const value = Object.hasOwn(item as object, column.key) ? (item as Record<string, unknown>)[column.key] : undefined;
  if (column.tags && typeof value === 'string' && Object.hasOwn(column.tags.colors, value)) {
    return <ColouredTag colors={column.tags.colors[value]!}>{t(`${column.tags.labelPrefix}${value}`)}</ColouredTag>;
  }
  return formatCell(value, column.format);
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
  t: TFunction;
  items: Item[];
  loading: boolean;
  state: ListState;
  onSort: (sort: { sort: string; order: SortOrder }) => void;
  /** The row's buttons; none for read-only lists. */
  actions?: (item: Item) => ReactNode;
  /** The most row actions (finish, reopen) a row of the page shows: the actions column makes room for them. */
  rowActionCount?: number;
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
  t,
  items,
  loading,
  state,
  onSort,
  actions,
  rowActionCount = 0,
  label,
  listRef,
  emptyText,
}: ResourceTableProps<Item>) {
  const { namespace } = resource;
  const sorted = activeSort(resource, state);
  const wideWindow = Grid.useBreakpoint().xl ?? false;
  const shown = resource.columns.filter((column) => wideWindow || !column.wide);
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
      width: ACTIONS_COLUMN_WIDTH + rowActionCount * ROW_ACTION_WIDTH,
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
        rowClassName={(item) => (item.isActive === false || item.parentInactive ? 'canteiro-row-inactive' : '')}
      />
    </div>
  );
}
