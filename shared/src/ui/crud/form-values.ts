import { DEFAULT_WORK_SCHEDULE } from '@canteiro/shared/domain';
import type { FieldDefinition, FieldKind } from './types';

/**
 * The form's values, derived from its fields (no definition writes them by hand): a new
 * row's from each kind's empty value (or the field's `initial`), an existing row's from the
 * item, and the payload from the declared fields only.
 */
const EMPTY: Readonly<Record<FieldKind, unknown>> = {
  text: '',
  email: '',
  password: '',
  textarea: '',
  date: '',
  number: null,
  select: null,
  image: null,
  activeness: true,
  schedule: DEFAULT_WORK_SCHEDULE,
};

/** A field's value before anyone types: its `initial`, else its kind's empty value. */
export const emptyValue = (field: FieldDefinition): unknown =>
  field.initial !== undefined ? field.initial : EMPTY[field.kind];

/** A new row's form. The context (`{ contract: 7 }`) fills its own field. */
export function emptyValues(fields: readonly FieldDefinition[], context: Record<string, unknown> = {}) {
  return { ...Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)])), ...context };
}

/**
 * An existing row's form: each field from the item's own key (`source`, else its name); a
 * password is never read back, so it starts empty.
 */
export function itemValues(
  fields: readonly FieldDefinition[],
  item: object,
  context: Record<string, unknown> = {},
): Record<string, unknown> {
  const read = (key: string): unknown =>
    Object.hasOwn(item, key) ? (item as Record<string, unknown>)[key] : undefined;
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = field.kind === 'password' ? undefined : read(field.source ?? field.name);
    values[field.name] = value ?? emptyValue(field);
  }
  // The row's own context (its contract) wins over the screen's: they are the same one.
  for (const key of Object.keys(context)) values[key] = read(key) ?? context[key];
  return values;
}

/**
 * What is sent: the declared fields (an image goes apart, after the row is saved) and the
 * context, nothing else of the form's values.
 */
export function payload(
  fields: readonly FieldDefinition[],
  values: Record<string, unknown>,
  contextKeys: readonly string[] = [],
): Record<string, unknown> {
  const names = [...fields.filter((field) => field.kind !== 'image').map((field) => field.name), ...contextKeys];
  return Object.fromEntries(names.filter((name) => Object.hasOwn(values, name)).map((name) => [name, values[name]]));
}
