import { areaSchema } from '@canteiro/shared/domain';
import type { AreaItem } from '@canteiro/shared/domain';
import { namedResource } from './catalogue-resource';

/** A contract's area (spec §3): its name and its parent, nothing else. */
export const areaResource = namedResource<AreaItem>('area', areaSchema);
