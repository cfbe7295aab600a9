import { blockSchema } from '@canteiro/shared/domain';
import type { BlockItem } from '@canteiro/shared/domain';
import { namedResource } from './catalogue-resource';

/** A contract's block (spec §3): its name and its parent, nothing else. */
export const blockResource = namedResource<BlockItem>('block', blockSchema);
