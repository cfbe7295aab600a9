import { localSchema } from '@canteiro/shared/domain';
import type { LocalItem } from '@canteiro/shared/domain';
import { namedResource } from './catalogue-resource';

/** A contract's local (spec §3): its name and its parent, nothing else. */
export const localResource = namedResource<LocalItem>('local', localSchema);
