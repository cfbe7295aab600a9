import type { TFunction } from 'i18next';
import { MAX_DAY_INTERVALS, MAX_IMAGE_MEGAPIXELS, MIN_PASSWORD_LENGTH } from '@canteiro/shared/domain';

/** A field code (from the shared schema or the server) in the user's language. */
export function fieldMessage(
  t: TFunction,
  code: string | undefined,
  values: Record<string, unknown> = {},
): string | undefined {
  if (!code) return undefined;
  const params = {
    min: MIN_PASSWORD_LENGTH,
    maxMegapixels: MAX_IMAGE_MEGAPIXELS,
    maxIntervals: MAX_DAY_INTERVALS,
    ...values,
  };
  // A message of a namespace of its own (`kit:invalidDate`), not a code of the catalogue.
  if (code.includes(':')) return t(code, params);
  if (t(`common:validation.${code}`, { defaultValue: '' })) return t(`common:validation.${code}`, params);
  return t(`common:errors.${code}`, { ...params, defaultValue: t('common:validation.invalid_value') });
}
