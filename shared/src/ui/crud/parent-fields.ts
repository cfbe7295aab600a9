import { HIERARCHY, parentDependencies } from '@canteiro/shared/domain';
import type { Entity } from '@canteiro/shared/domain';
import type { FieldDefinition, OptionsSource } from './types';

/**
 * The cascading selects, derived from the hierarchy (shared/domain/hierarchy.ts): a parent
 * field's options come from `/api/<parent's endpoint>/options`, narrowed by the parents of
 * the input it hangs from (an activity's local by its contract and its area). Changing a
 * parent empties what hangs from it (resource-form-modal.tsx).
 */
export function parentOptions(entity: Entity, parent: Entity): OptionsSource {
  const above = parentDependencies(entity)[parent] ?? [];
  return {
    endpoint: HIERARCHY[parent].endpoint,
    ...(above.length > 0 ? { dependsOn: Object.fromEntries(above.map((field) => [field, field])) } : {}),
  };
}

/**
 * A select per parent of `entity`, top down, but those the screen already holds (its
 * context: the contract). Labels from the `fields` namespace; `half` for each unless told.
 */
export function parentFields(
  entity: Entity,
  { except = [], half = true }: { except?: readonly Entity[]; half?: boolean } = {},
): FieldDefinition[] {
  return HIERARCHY[entity].parents
    .filter((parent) => !except.includes(parent))
    .map((parent) => ({
      name: parent,
      labelKey: `fields:${parent}`,
      kind: 'select' as const,
      optionsFrom: parentOptions(entity, parent),
      half,
    }));
}
