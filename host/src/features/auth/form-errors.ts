import type { TFunction } from 'i18next';
import { MIN_PASSWORD_LENGTH } from '@canteiro/shared/domain';

/** A field code (from the shared schema or the server) in the user's language. */
export function fieldMessage(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (t(`common:validation.${code}`, { defaultValue: '' })) {
    return t(`common:validation.${code}`, { min: MIN_PASSWORD_LENGTH });
  }
  return t(`common:errors.${code}`, { defaultValue: t('common:validation.invalid_value') });
}
