import type { ReactNode, Ref } from 'react';
import { Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { statusColors, themeTokens } from '@canteiro/shared/core';
import type { ResourceDefinition, ResourceItem } from './types';
import type { ListState, SortOrder } from './use-list-state';

/** Widths of the kit's own columns, and the least a column without a width may get before the table scrolls. */
export const STATUS_COLUMN_WIDTH = 150;
export const ACTIONS_COLUMN_WIDTH = 180;
const MIN_FREE_COLUMN_WIDTH = 90;

/** Cells keep to one line; a header wraps instead, so "Meta de apontamentos/dia" is read whole at 1064 px. */
const HEADER_TEXT = { whiteSpace: 'normal', overflowWrap: 'normal' } as const;

/** The order the list is in: the URL's, else the resource's default (`name` ascending). */
export function activeSort(resource: ResourceDefinition<never>, state: ListState): { key: string; order: SortOrder } {
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

function StatusTag({ item, t }: { item: ResourceItem; t: TFunction }) {
  const kind = !item.isActive ? 'inactive' : item.parentInactive ? 'inactiveByParent' : 'active';
  const colors = statusColors[kind];
  const tag = (
    <Tag style={{ color: colors.color, background: colors.background, borderColor: colors.border, marginInlineEnd: 0 }}>
      {t(`kit:${kind}`)}
    </Tag>
  );
  return kind === 'inactiveByParent' ? (
    <Tooltip title={t('kit:inactiveByParentHint')} placement="topLeft">
      {tag}
    </Tooltip>
  ) : (
    <CellText>{tag}</CellText>
  );
}

interface ResourceTableProps<Item extends ResourceItem> {
  resource: ResourceDefinition<Item>;
  t: TFunction;
  items: Item[];
  loading: boolean;
  state: ListState;
  onSort: (sort: { sort: string; order: SortOrder }) => void;
  /** The row's buttons; none for read-only lists. */
  actions?: (item: Item) => ReactNode;
  /** The list's name for screen readers, and where focus goes when what had it is gone. */
  label: string;
  listRef: Ref<HTMLDivElement>;
}

/**
 * The list: fixed layout that fits its area (columns without a width share what is left),
 * one line per row with an ellipsis, the actions kept at the right, headers that sort.
 */
export function ResourceTable<Item extends ResourceItem>({
  resource,
  t,
  items,
  loading,
  state,
  onSort,
  actions,
  label,
  listRef,
}: ResourceTableProps<Item>) {
  const { namespace } = resource;
  const sorted = activeSort(resource as ResourceDefinition<never>, state);
  const columns: TableColumnsType<Item> = resource.columns.map((column) => ({
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
    render: (_: unknown, item: Item) => (
      <CellText>
        {column.render
          ? column.render(item, t)
          : String((item as unknown as Record<string, unknown>)[column.key] ?? '')}
      </CellText>
    ),
  }));
  if (resource.hasStatus) {
    columns.push({
      key: 'status',
      title: t('kit:status'),
      width: STATUS_COLUMN_WIDTH,
      ellipsis: { showTitle: false },
      render: (_: unknown, item: Item) => <StatusTag item={item} t={t} />,
    });
  }
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('kit:actions'),
      width: ACTIONS_COLUMN_WIDTH,
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
              {t('kit:noResults')}
            </span>
          ),
        }}
        rowClassName={(item) => (item.isActive === false || item.parentInactive ? 'canteiro-row-inactive' : '')}
      />
    </div>
  );
}
