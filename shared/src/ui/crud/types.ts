import type { SaveConfirmation } from './save-confirmation';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type * as v from 'valibot';
import type { PermissionLevel, SessionUser } from '@canteiro/shared/domain';

/** What every row of a list table has: a key (a report row's is the device's UUID). */
export interface ListItem {
  id: number | string;
  isActive?: boolean;
  /** An ancestor (base, work, contract) is inactive: the row is in effect inactive too. */
  parentInactive?: boolean;
}

/** What every row of a resource list has: a record's id. */
export interface ResourceItem extends ListItem {
  id: number;
}

/** A column of the list: declarative data, not JSX loops (STYLE.md). */
export interface ColumnDefinition<Item> {
  key: string;
  /** Translation key of the header, in the resource's namespace (or `ns:key`). */
  titleKey: string;
  /** The cell; defaults to `item[key]` as text, or as `format` says. */
  render?: (item: Item, t: TFunction) => ReactNode;
  /** `item[key]` in the language's format: a number (7,5 in pt-BR) or a date (`formatDate`). */
  format?: 'number' | 'date';
  /**
   * `item[key]` as a coloured tag with its text (an activity's status): the colours of each
   * value (theme.ts, 4.5:1) and the key prefix of its label (`lists:activityStatus.`).
   */
  tags?: { colors: Readonly<Record<string, TagColors>>; labelPrefix: string };
  /** Fixed width in px; columns without one share what is left (the table never outgrows its area). */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** The server's sort key for this column (docs/server.md "List query"): its header sorts the list. */
  sortKey?: string;
  /**
   * Shown by default only on wide windows (antd's `xl`, 1200 px and up): a detail the row can
   * do without at 1064 px, where what identifies the row and its actions must fit without
   * scrolling. Never dropped silently: the column chooser says it is hidden and shows it on demand.
   */
  wide?: boolean;
  /** Hidden by default at every width: offered by the column chooser only (a report's notes). */
  optional?: boolean;
}

/** A tag's text, background and border colours. */
export interface TagColors {
  color: string;
  background: string;
  border: string;
}

/** A list filter: a select above the table whose choice goes to the URL and to the server as `?<param>=`. */
export interface ListFilterDefinition {
  /** The list query parameter the server accepts (docs/server.md "Filters"). */
  param: string;
  labelKey: string;
  /** A fixed list of values and the key prefix of their labels, or options from `/api/<endpoint>/options`. */
  options?: readonly (string | number)[];
  optionLabelPrefix?: string;
  optionsFrom?: OptionsSource;
  /** A day (`YYYY-MM-DD`) typed or picked instead of a choice among options. */
  kind?: 'date';
}

/** Where a select's options come from: `/api/<endpoint>/options`, narrowed by other fields. */
export interface OptionsSource {
  endpoint: string;
  /** Query parameter → form field whose value narrows the options (e.g. works of a base). */
  dependsOn?: Record<string, string>;
}

/** `schedule`: hours per weekday (a contract's work schedule, schedule-input.tsx). */
export type FieldKind =
  'text' | 'email' | 'password' | 'textarea' | 'number' | 'date' | 'select' | 'activeness' | 'image' | 'schedule';

/** A form field, rendered by the kit from its kind. */
export interface FieldDefinition {
  name: string;
  labelKey: string;
  kind: FieldKind;
  /** A fixed list (`select`): stored values and the key prefix of their labels (`lists.state.` + value). */
  options?: readonly (string | number)[];
  optionLabelPrefix?: string;
  /** Options loaded from the API (`select`). */
  optionsFrom?: OptionsSource;
  /** Two fields side by side take half the row each. */
  half?: boolean;
  /** A new row's value when it is not the kind's empty one (`form-values.ts`): a contract's period of 30 days. */
  initial?: unknown;
  /** The item's key holding the field's value on edit, when it is not `name` (a user's picture: `profilePicture`). */
  source?: string;
  /**
   * `image`: sent after the row is saved, as multipart field `file`, to
   * `/api/<endpoint>/<id>/<uploadPath>`; the form's value is the current picture's address.
   */
  uploadPath?: string;
  min?: number;
}

/**
 * The record a screen works in, chosen above the table before anything else (a Management
 * screen's contract): kept in the URL as `?<param>=`, sent to the list, the export, every
 * select's options and the form (whose `<param>` it fills).
 */
export interface ContextDefinition {
  /** The URL and query parameter, and the form's field: `contract`. */
  param: string;
  /** Its options: `/api/<endpoint>/options` (in the user's scope). */
  endpoint: string;
  /** The picker's label, e.g. `fields:contract`. */
  labelKey: string;
  /** The hint shown instead of the list until one is chosen (`{{plural}}`: the list's name). */
  hintKey?: string;
}

/**
 * A row's action beyond edit and activate (an activity's finish and reopen): a button on the
 * row, its own confirmation dialog, then `<method> /api/<endpoint>/<id>/<path>`.
 * Text keys are in the resource's namespace (or `ns:key`) and get the row's `{{name}}`.
 */
export interface RowAction<Item> {
  key: string;
  labelKey: string;
  /** Whether this row offers it to this user (default: everyone who may add). */
  shown?: (item: Item, user: SessionUser) => boolean;
  confirmTitleKey: string;
  confirmTextKey?: string;
  successKey: string;
  call: { method: 'post' | 'put' | 'patch'; path: string };
}

/** One entity screen, completely described: the kit turns it into search, table, pager, forms and export. */
export interface ResourceDefinition<Item extends ListItem = ResourceItem> {
  /** `/api/<endpoint>` */
  endpoint: string;
  /** The i18n namespace of its labels. */
  namespace: string;
  /** Keys (in `namespace`) of the singular and plural names, e.g. `resources.base.one`. */
  singularKey: string;
  pluralKey: string;
  columns: ColumnDefinition<Item>[];
  /** The server's order when the URL names none, shown on its column's header. Default: `name` ascending. */
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  filters?: ListFilterDefinition[];
  fields?: FieldDefinition[];
  createSchema?: v.GenericSchema;
  updateSchema?: v.GenericSchema;
  /** The record chosen before the list appears (Management: the contract). */
  context?: ContextDefinition;
  /** Read-only lists (survey) have no add, edit or activeness. */
  readOnly?: boolean;
  /** Whether the list has active/inactive rows (its activeness; an activity's *status* is something else). */
  hasActiveness?: boolean;
  /** The level needed to add and to (de)activate (edit follows the server's scope). */
  createPermission?: PermissionLevel;
  /** Whether this row offers activate/deactivate to this user (a user's own row does not: the server refuses it). */
  canChangeActiveness?: (item: Item, user: SessionUser) => boolean;
  rowActions?: RowAction<Item>[];
  /** After a row is saved (its files included): e.g. the session follows the signed-in user's own row. */
  afterSave?: (item: Item) => void | Promise<void>;
  /** The row's name in confirmations. */
  describe?: (item: Item) => string;
  /**
   * What an edit is about to change that a person must see and agree to before it is saved
   * (an occurrence moved to another class rewrites history): null when nothing needs it. The
   * kit asks twice; a deactivation in the form asks as the status toggle does.
   */
  confirmSave?: (change: {
    item: Item;
    body: Record<string, unknown>;
    t: TFunction;
  }) => Promise<SaveConfirmation | null>;
}
