import { listMessages } from '@canteiro/shared/domain';
import type { Locale } from '@canteiro/shared/domain';

/** Export column headers: a word in each language. */
export type Header = Record<Locale, string>;

export const HEADERS = {
  id: { 'pt-BR': 'ID', 'en-US': 'ID' },
  name: { 'pt-BR': 'Nome', 'en-US': 'Name' },
  description: { 'pt-BR': 'Descrição', 'en-US': 'Description' },
  base: { 'pt-BR': 'Base', 'en-US': 'Base' },
  work: { 'pt-BR': 'Obra', 'en-US': 'Work' },
  contract: { 'pt-BR': 'Contratada', 'en-US': 'Contractor' },
  isActive: { 'pt-BR': 'Ativo', 'en-US': 'Active' },
  parentInactive: { 'pt-BR': 'Vínculo inativo', 'en-US': 'Parent inactive' },
  createdAt: { 'pt-BR': 'Criado em', 'en-US': 'Created at' },
} satisfies Record<string, Header>;

type Lists = (typeof listMessages)['pt-BR'];

/** The label of a stored list value (DOMAIN.md §2) in the export's language. */
export function listLabel<List extends keyof Lists>(list: List, value: string | number, locale: Locale): string {
  const labels = listMessages[locale][list] as Record<string | number, string>;
  return labels[value] ?? String(value);
}
