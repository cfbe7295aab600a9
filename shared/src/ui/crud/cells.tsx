import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { formatCell } from './format';
import type { ColumnDefinition, TagColors } from './types';

/** One line, cut with an ellipsis; the whole text on hover. */
export function CellText({ children }: { children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <Tooltip title={children} placement="topLeft">
      <span>{children}</span>
    </Tooltip>
  );
}

export function ColouredTag({ colors, children }: { colors: TagColors; children: ReactNode }) {
  return (
    <Tag style={{ color: colors.color, background: colors.background, borderColor: colors.border, marginInlineEnd: 0 }}>
      {children}
    </Tag>
  );
}

/** A cell: the column's render, its tag, or `item[key]` in its format. */
export function cellOf<Item>(column: ColumnDefinition<Item>, item: Item, t: TFunction): ReactNode {
  if (column.render) return column.render(item, t);
  const value = Object.hasOwn(item as object, column.key) ? (item as Record<string, unknown>)[column.key] : undefined;
  if (column.tags && typeof value === 'string' && Object.hasOwn(column.tags.colors, value)) {
    return <ColouredTag colors={column.tags.colors[value]!}>{t(`${column.tags.labelPrefix}${value}`)}</ColouredTag>;
  }
  return formatCell(value, column.format);
}
