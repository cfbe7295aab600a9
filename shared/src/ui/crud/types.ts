import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type * as v from 'valibot';
import type { PermissionLevel, SessionUser } from '@canteiro/shared/domain';

/** What every row of a resource list has. */
export interface ResourceItem {
  id: number;
  isActive?: boolean;
  /** An ancestor (base, work, contract) is inactive: the row is in effect inactive too. */
  parentInactive?: boolean;
}

/** A column of the list: declarative data, not JSX loops (STYLE.md). */
export interface ColumnDefinition<Item> {
  key: string;
  /** Translation key of the header, in the resource's namespace (or `ns:key`). */
  titleKey: string;
  /** The cell; defaults to `item[key]` as text. */
  render?: (item: Item, t: TFunction) => ReactNode;
  /** Fixed width in px; columns without one share what is left (the table never outgrows its area). */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** The server's sort key for this column (docs/server.md "List query"): its header sorts the list. */
  sortKey?: string;
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
}

/** Where a select's options come from: `/api/<endpoint>/options`, narrowed by other fields. */
export interface OptionsSource {
  endpoint: string;
  /** Query parameter → form field whose value narrows the options (e.g. works of a base). */
  dependsOn?: Record<string, string>;
}

export type FieldKind = 'text' | 'email' | 'password' | 'textarea' | 'number' | 'date' | 'select' | 'status' | 'image';

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
  /** Only on create (e.g. the temporary password). */
  createOnly?: boolean;
  /** Two fields side by side take half the row each. */
  half?: boolean;
  placeholderKey?: string;
  /**
   * `image`: sent after the row is saved, as multipart field `file`, to
   * `/api/<endpoint>/<id>/<uploadPath>`; the form's value is the current picture's address.
   */
  uploadPath?: string;
  min?: number;
  step?: number;
}

/** One entity screen, completely described: the kit turns it into search, table, pager, forms and export. */
export interface ResourceDefinition<Item extends ResourceItem = ResourceItem> {
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
  /** The form's values for a new row. */
  emptyInput?: Record<string, unknown>;
  /** The form's values for an existing row. */
  toInput?: (item: Item) => Record<string, unknown>;
  /** Read-only lists (survey) have no add, edit or status. */
  readOnly?: boolean;
  /** Whether the list has active/inactive rows. */
  hasStatus?: boolean;
  /** The level needed to add and to change status (edit follows the server's scope). */
  createPermission?: PermissionLevel;
  canCreate?: (user: SessionUser) => boolean;
  /** Whether this row offers activate/deactivate to this user (a user's own row does not: the server refuses it). */
  canChangeStatus?: (item: Item, user: SessionUser) => boolean;
  /** After a row is saved (its files included): e.g. the session follows the signed-in user's own row. */
  afterSave?: (item: Item) => void | Promise<void>;
  /** The row's name in confirmations. */
  describe?: (item: Item) => string;
}
