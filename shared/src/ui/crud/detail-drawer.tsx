import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Descriptions, Drawer } from 'antd';
import type { TFunction } from 'i18next';
import { themeTokens } from '@canteiro/shared/core';
import { cellOf } from './cells';
import type { ColumnDefinition, ListItem } from './types';

/** The drawer's width: beside a 1064 px list it leaves the row it came from in sight. */
export const DETAIL_DRAWER_WIDTH = 440;

/** `text` with every case-insensitive occurrence of `term` marked (the list's search). */
export function highlighted(text: string, term: string): ReactNode {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return text;
  const haystack = text.toLocaleLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(from));
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

interface DetailDrawerProps<Item extends ListItem> {
  /** The row shown; `open` false keeps it for the closing animation. */
  item: Item | null;
  open: boolean;
  title: string;
  /** Every field of the row, labelled: the same declarations as columns (key, titleKey, render, format, tags). */
  fields: ColumnDefinition<Item>[];
  t: TFunction;
  namespace: string;
  /** The list's search, marked in the fields' text. */
  search?: string;
  onClose: () => void;
  /** After the closing animation: focus goes back to the row. */
  afterClose?: () => void;
}

/**
 * A list row's every field (docs/crud-kit.md, "Row detail"): antd's Drawer at the right, a
 * label beside each value, long text wrapped whole (notes), the search marked. Escape, the
 * close button or a click outside close it; focus is kept inside while it is open.
 */
export function DetailDrawer<Item extends ListItem>({
  item,
  open,
  title,
  fields,
  t,
  namespace,
  search = '',
  onClose,
  afterClose,
}: DetailDrawerProps<Item>) {
  const value = (field: ColumnDefinition<Item>): ReactNode => {
    if (!item) return null;
    const cell = cellOf(field, item, t);
    if (cell === null || cell === undefined || cell === '') {
      return <span style={{ color: themeTokens.colorTextSecondary }}>—</span>;
    }
    return typeof cell === 'string' ? highlighted(cell, search) : cell;
  };
  return (
    <Drawer
      open={open}
      title={title}
      placement="right"
      size={DETAIL_DRAWER_WIDTH}
      onClose={onClose}
      afterOpenChange={(opened) => {
        if (!opened) afterClose?.();
      }}
      closable={{ 'aria-label': t('kit:close') }}
      data-testid="detail-drawer"
    >
      {item ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          styles={{
            label: { width: 150, verticalAlign: 'top' },
            content: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
          }}
          items={fields.map((field) => ({
            key: field.key,
            label: t(field.titleKey, { ns: namespace }),
            children: value(field),
          }))}
        />
      ) : null}
    </Drawer>
  );
}
