import { useCallback, useState } from 'react';
import { Grid } from 'antd';
import { useSession } from '@canteiro/shared/core';
import type { ColumnDefinition } from './types';

/** Where a list's column choice is kept: per signed-in user and per list (its endpoint). */
export const columnChoiceKey = (user: number | string | null | undefined, list: string) =>
  `canteiro:columns:${user ?? 'anonymous'}:${list}`;

/** Only what the user changed is kept (column key → shown), so untouched columns follow the window. */
type Choice = Record<string, boolean>;

function readChoice(key: string): Choice {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(key) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean')) as Choice;
  } catch {
    return {};
  }
}

function writeChoice(key: string, choice: Choice) {
  try {
    if (Object.keys(choice).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // Storage refused (private mode, full): the choice lasts for the page's life.
  }
}

/** A column's default: optional ones never, `wide` ones from antd's `xl` (1200 px) up, the rest always. */
export const shownByDefault = (column: ColumnDefinition<never>, wideWindow: boolean) =>
  !column.optional && (wideWindow || !column.wide);

export interface ColumnChoice<Item> {
  /** Every column the list offers, in its order. */
  columns: ColumnDefinition<Item>[];
  /** The columns the table shows, in the list's order. */
  shown: ColumnDefinition<Item>[];
  /** The columns the table leaves out (by default at this width, or by the user's choice). */
  hidden: ColumnDefinition<Item>[];
  setShown: (key: string, shown: boolean) => void;
  /** Back to the defaults of the window's width. */
  reset: () => void;
  /** Whether the user changed anything. */
  changed: boolean;
}

/**
 * Which of a list's columns are shown (docs/crud-kit.md, "Columns"): the defaults of the
 * window's width, then what the user chose, remembered in localStorage per user and list.
 * A column is never dropped without saying so: `hidden` names what the table leaves out.
 */
export function useColumnChoice<Item>(list: string, columns: ColumnDefinition<Item>[]): ColumnChoice<Item> {
  const wideWindow = Grid.useBreakpoint().xl ?? false;
  const userId = useSession((session) => session.user?.id);
  const key = columnChoiceKey(userId, list);
  const [stored, setStored] = useState<{ key: string; choice: Choice }>(() => ({ key, choice: readChoice(key) }));
  // Another user or another list: read its own choice.
  const choice = stored.key === key ? stored.choice : readChoice(key);
  const isShown = (column: ColumnDefinition<Item>) =>
    choice[column.key] ?? shownByDefault(column as ColumnDefinition<never>, wideWindow);
  const save = useCallback(
    (next: Choice) => {
      writeChoice(key, next);
      setStored({ key, choice: next });
    },
    [key],
  );
  const setShown = (columnKey: string, shown: boolean) => save({ ...choice, [columnKey]: shown });
  return {
    columns,
    shown: columns.filter(isShown),
    hidden: columns.filter((column) => !isShown(column)),
    setShown,
    reset: () => save({}),
    changed: Object.keys(choice).length > 0,
  };
}
