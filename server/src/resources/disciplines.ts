import { disciplineSchema } from '@canteiro/shared/domain';
import type { DisciplineInput, DisciplineItem } from '@canteiro/shared/domain';
import { disciplines } from '../db/schema/catalogue.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';

/** /api/disciplines: a trade of the contract's work (Estrutura, Alvenaria, …). */

export const disciplinesResource = hierarchyResource<DisciplineItem, DisciplineInput>('discipline', {
  ...byName(disciplines.name),
  schema: disciplineSchema,
  fileName: { 'pt-BR': 'disciplinas', 'en-US': 'disciplines' },
});
