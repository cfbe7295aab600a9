import { areaSchema } from '@canteiro/shared/domain';
import type { AreaInput, AreaItem } from '@canteiro/shared/domain';
import { areas } from '../db/schema/catalogue.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';

/** /api/areas: a part of the site under a discipline (a tower). */

export const areasResource = hierarchyResource<AreaItem, AreaInput>('area', {
  ...byName(areas.name),
  schema: areaSchema,
  fileName: { 'pt-BR': 'areas', 'en-US': 'areas' },
});
