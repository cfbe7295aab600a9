import { HIERARCHY } from '@canteiro/shared/domain';
import type { CatalogueEntity, Entity } from '@canteiro/shared/domain';
import { parentFields } from '@canteiro/shared/ui';
import type {
  ColumnDefinition,
  ContextDefinition,
  FieldDefinition,
  ResourceDefinition,
  ResourceItem,
} from '@canteiro/shared/ui';

/**
 * What every screen of a contract's catalogue shares (spec §2, Management): the contract
 * chosen first, the names from the `management` namespace, the permissions from the
 * hierarchy, active/inactive rows. An entity gives only its columns, fields and schema.
 */
export const CONTRACT_CONTEXT: ContextDefinition = {
  param: 'contract',
  endpoint: 'contracts',
  labelKey: 'fields:contract',
  hintKey: 'management:contextHint',
};

export function catalogueResource<Item extends ResourceItem>(
  entity: CatalogueEntity,
  definition: Pick<ResourceDefinition<Item>, 'columns' | 'fields' | 'createSchema'> & Partial<ResourceDefinition<Item>>,
): ResourceDefinition<Item> {
  return {
    endpoint: HIERARCHY[entity].endpoint,
    namespace: 'management',
    singularKey: `resources.${entity}.one`,
    pluralKey: `resources.${entity}.other`,
    context: CONTRACT_CONTEXT,
    hasActiveness: true,
    createPermission: HIERARCHY[entity].create,
    describe: (item) => String((item as { name?: unknown }).name ?? item.id),
    ...definition,
  };
}

export const nameColumn: ColumnDefinition<{ name: string }> = { key: 'name', titleKey: 'fields:name', sortKey: 'name' };

/** A parent's name (`areaName` under "Área"), sorted by the server. */
export const parentColumn = (parent: Entity): ColumnDefinition<ResourceItem> => ({
  key: `${parent}Name`,
  titleKey: `fields:${parent}`,
  sortKey: `${parent}Name`,
});

export const nameField: FieldDefinition = { name: 'name', labelKey: 'fields:name', kind: 'text' };
export const activenessField: FieldDefinition = { name: 'isActive', labelKey: 'fields:isActive', kind: 'activeness' };

/**
 * A record known by its name under its parents (discipline, area, local, block, package,
 * function): the name and each parent's name as columns; the name, the cascading selects of
 * its parents (the contract is the screen's) and Ativo as fields.
 */
export function namedResource<Item extends ResourceItem & { name: string }>(
  entity: CatalogueEntity,
  createSchema: ResourceDefinition<Item>['createSchema'],
): ResourceDefinition<Item> {
  const parents = HIERARCHY[entity].parents.filter((parent) => parent !== 'contract');
  return catalogueResource<Item>(entity, {
    columns: [nameColumn, ...parents.map(parentColumn)] as ColumnDefinition<Item>[],
    fields: [nameField, ...parentFields(entity, { except: ['contract'], half: false }), activenessField],
    createSchema,
  });
}
