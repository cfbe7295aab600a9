import { listMessages } from '@canteiro/shared/domain';
import type { Locale } from '@canteiro/shared/domain';

type Lists = (typeof listMessages)['pt-BR'];

/** The label of a stored list value (DOMAIN.md §2) in the export's language. */
export function listLabel<List extends keyof Lists>(list: List, value: string | number, locale: Locale): string {
  const labels = listMessages[locale][list] as Record<string | number, string>;
  return labels[value] ?? String(value);
}
