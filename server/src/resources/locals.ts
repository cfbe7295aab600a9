import { localSchema } from '@canteiro/shared/domain';
import type { LocalInput, LocalItem } from '@canteiro/shared/domain';
import { locals } from '../db/schema/catalogue.js';
import { byName, catalogueResource } from './catalogue.js';

/** /api/locals: a place within an area (a floor). */

export const localsResource = catalogueResource<LocalItem, LocalInput>('local', {
  ...byName(locals.name),
  schema: localSchema,
  fileName: { 'pt-BR': 'locais', 'en-US': 'locations' },
});
