import type { Locale } from '../constants.js';
import { DEFAULT_LOCALE, LOCALES } from '../constants.js';
import { enUS } from './en-US.js';
import { ptBR } from './pt-BR.js';
import type { Messages } from './types.js';

export type { Messages, Translation } from './types.js';
export { listMessages } from './lists.js';
export { fieldMessages } from './fields.js';
export type { FieldLabel } from './fields.js';
export const commonMessages: Record<Locale, Messages> = { 'pt-BR': ptBR, 'en-US': enUS };

/** Picks a supported locale from an Accept-Language header or a stored value; pt-BR otherwise. */
export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const match = LOCALES.find(
      (locale) => locale.toLowerCase() === tag || locale.slice(0, 2).toLowerCase() === tag.slice(0, 2),
    );
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** The translated message of an error code; the server uses it for `message`. */
export function errorMessage(code: string, locale: Locale = DEFAULT_LOCALE): string {
  const errors = commonMessages[locale].errors as Record<string, string>;
  // Own keys only: a code such as `toString` names no message.
  return Object.hasOwn(errors, code) ? errors[code]! : commonMessages[DEFAULT_LOCALE].errors.server_error;
}
export { figureMessages } from './figures.js';
export type { FigureColumnKey, FigureTableKey, FigureValueKey } from './figures.js';
