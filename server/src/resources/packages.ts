import { packageSchema } from '@canteiro/shared/domain';
import type { PackageInput, PackageItem } from '@canteiro/shared/domain';
import { packages } from '../db/schema/catalogue.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';

/** /api/packages: a work package of a block; its name repeats only under another block. */

export const packagesResource = hierarchyResource<PackageItem, PackageInput>('package', {
  ...byName(packages.name),
  schema: packageSchema,
  fileName: { 'pt-BR': 'pacotes', 'en-US': 'packages' },
});
