import { localSchema } from '@canteiro/shared/domain';
import type { LocalInput, LocalItem } from '@canteiro/shared/domain';
import { locals } from '../db/schema/catalogue.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';

/** /api/locals: a place within an area (a floor). */

export const localsResource = hierarchyResource<LocalItem, LocalInput>('local', {
  ...byName(locals.name),
  schema: localSchema,
  fileName: { 'pt-BR': 'locais', 'en-US': 'locations' },
});
