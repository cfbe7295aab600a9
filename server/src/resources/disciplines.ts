import { disciplineSchema } from '@canteiro/shared/domain';
import type { DisciplineInput, DisciplineItem } from '@canteiro/shared/domain';
import { disciplines } from '../db/schema/catalogue.js';
import { byName, catalogueResource } from './catalogue.js';

/** /api/disciplines: a trade of the contract's work (Estrutura, Alvenaria, …). */

export const disciplinesResource = catalogueResource<DisciplineItem, DisciplineInput>('discipline', {
  ...byName(disciplines.name),
  schema: disciplineSchema,
  fileName: { 'pt-BR': 'disciplinas', 'en-US': 'disciplines' },
});
