import { blockSchema } from '@canteiro/shared/domain';
import type { BlockInput, BlockItem } from '@canteiro/shared/domain';
import { blocks } from '../db/schema/catalogue.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';

/** /api/blocks: a part of a local. */

export const blocksResource = hierarchyResource<BlockItem, BlockInput>('block', {
  ...byName(blocks.name),
  schema: blockSchema,
  fileName: { 'pt-BR': 'blocos', 'en-US': 'blocks' },
});
