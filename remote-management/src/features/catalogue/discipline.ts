import { disciplineSchema } from '@canteiro/shared/domain';
import type { DisciplineItem } from '@canteiro/shared/domain';
import { namedResource } from './catalogue-resource';

/** A contract's discipline (spec §3): a name under the contract (Estrutura, Alvenaria). */
export const disciplineResource = namedResource<DisciplineItem>('discipline', disciplineSchema);
