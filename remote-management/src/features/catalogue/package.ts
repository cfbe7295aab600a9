import { packageSchema } from '@canteiro/shared/domain';
import type { PackageItem } from '@canteiro/shared/domain';
import { namedResource } from './catalogue-resource';

/** A contract's package (spec §3): its name and its parent, nothing else. */
export const packageResource = namedResource<PackageItem>('package', packageSchema);
