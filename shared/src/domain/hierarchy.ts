import type { ErrorCode } from './errors.js';
import type { PermissionLevel } from './permission.js';

/**
 * The hierarchy, declared once (docs/hierarchy.md): for every entity its parents, the level
 * whose scope holds it, who may create, edit and (de)activate it, and its duplicate rules.
 *
 * The server derives from it the joins of a list, the "active with all its ancestors" rule,
 * the parent checks of a write (each parent exists, is in the caller's scope, is active with
 * its own ancestors, and sits in the chosen chain), the scope filter and the list filters.
 * The browser derives from it the cascading selects of a form.
 *
 * A parent is named by its entity: the field `area` of a local (input and item) holds an
 * area's id; on the server its column is `areaId`.
 */

export const ENTITIES = [
  'base',
  'work',
  'contract',
  'occurrence',
  'user',
  'survey',
  'discipline',
  'area',
  'local',
  'block',
  'package',
  'activity',
  'function',
  'equipment',
] as const;
export type Entity = (typeof ENTITIES)[number];

/** The catalogue of a contract: the Management module's entities, in menu order. */
export const CATALOGUE_ENTITIES = [
  'discipline',
  'area',
  'local',
  'block',
  'package',
  'activity',
  'function',
  'equipment',
] as const satisfies readonly Entity[];
export type CatalogueEntity = (typeof CATALOGUE_ENTITIES)[number];

/** A duplicate rule: these fields (case-insensitive text) may not repeat; the code of spec §8 lands on `field`. */
export interface DuplicateRule {
  fields: readonly string[];
  field: string;
  code: ErrorCode;
}

export interface EntityDeclaration {
  /** Path under /api (`/api/areas`) and the server's table name. */
  endpoint: string;
  /**
   * Direct parents, top down. Each must belong to the parents before it that it points at
   * itself: a local's area must be of the local's contract; an activity's local must be under
   * its area, its block under its local, its package under its block.
   */
  parents: readonly Entity[];
  /** The organisation level whose scope holds a record; `null`: no base, work or contract (occurrences). */
  scopedBy: 'base' | 'work' | 'contract' | null;
  /** The lowest profile that may create, edit and (de)activate a record (within its scope). */
  create: PermissionLevel;
  update: PermissionLevel;
  activeness: PermissionLevel;
  duplicates: readonly DuplicateRule[];
}

const catalogue = (
  endpoint: string,
  parents: readonly Entity[],
  duplicates: readonly DuplicateRule[],
): EntityDeclaration => ({
  endpoint,
  parents,
  scopedBy: 'contract',
  // The catalogue is the contract's own: anyone who reaches the contract keeps it (docs/hierarchy.md).
  create: 'contract',
  update: 'contract',
  activeness: 'contract',
  duplicates,
});

/** `name` may not repeat within the contract. */
const nameInContract = (code: ErrorCode): DuplicateRule => ({ fields: ['contract', 'name'], field: 'name', code });

export const HIERARCHY: Readonly<Record<Entity, EntityDeclaration>> = {
  base: {
    endpoint: 'bases',
    parents: [],
    scopedBy: 'base',
    create: 'admin',
    update: 'base',
    activeness: 'admin',
    duplicates: [{ fields: ['name'], field: 'name', code: 'duplicate_base_name' }],
  },
  work: {
    endpoint: 'works',
    parents: ['base'],
    scopedBy: 'work',
    create: 'base',
    update: 'work',
    activeness: 'base',
    duplicates: [
      { fields: ['base', 'name'], field: 'name', code: 'duplicate_work_name' },
      { fields: ['prj'], field: 'prj', code: 'duplicate_work_prj' },
    ],
  },
  contract: {
    endpoint: 'contracts',
    parents: ['base', 'work'],
    scopedBy: 'contract',
    create: 'work',
    update: 'contract',
    activeness: 'work',
    duplicates: [{ fields: ['work', 'name'], field: 'name', code: 'duplicate_contract_name' }],
  },
  occurrence: {
    endpoint: 'occurrences',
    parents: [],
    scopedBy: null,
    create: 'admin',
    update: 'admin',
    activeness: 'admin',
    duplicates: [{ fields: ['name'], field: 'name', code: 'duplicate_occurrence_name' }],
  },
  user: {
    endpoint: 'users',
    // Optional by profile: an admin has none, a base user only a base… (schemas/user.ts).
    parents: ['base', 'work', 'contract'],
    scopedBy: 'contract',
    create: 'contract',
    update: 'contract',
    activeness: 'contract',
    duplicates: [{ fields: ['email'], field: 'email', code: 'duplicate_user_email' }],
  },
  survey: {
    endpoint: 'surveys',
    parents: [],
    scopedBy: null,
    create: 'admin',
    update: 'admin',
    activeness: 'admin',
    duplicates: [],
  },
  discipline: catalogue('disciplines', ['contract'], [nameInContract('duplicate_discipline_name')]),
  area: catalogue('areas', ['contract', 'discipline'], [nameInContract('duplicate_area_name')]),
  local: catalogue('locals', ['contract', 'area'], [nameInContract('duplicate_local_name')]),
  block: catalogue('blocks', ['contract', 'local'], [nameInContract('duplicate_block_name')]),
  package: catalogue(
    'packages',
    ['contract', 'block'],
    [{ fields: ['contract', 'block', 'name'], field: 'name', code: 'duplicate_package_name' }],
  ),
  activity: catalogue(
    'activities',
    ['contract', 'area', 'local', 'block', 'package'],
    [{ fields: ['contract', 'package', 'name'], field: 'name', code: 'duplicate_activity_name' }],
  ),
  function: catalogue('functions', ['contract'], [nameInContract('duplicate_function_name')]),
  // Equipment has no name: its specification serves as one (docs/hierarchy.md).
  equipment: catalogue(
    'equipment',
    ['contract'],
    [{ fields: ['contract', 'company', 'specification'], field: 'specification', code: 'duplicate_equipment' }],
  ),
};

/** An ancestor of an entity and the entity whose field points at it (the join that reaches it). */
export interface Ancestor {
  entity: Entity;
  /** The nearest descendant holding the ancestor's id: the entity itself or another ancestor. */
  via: Entity;
}

/**
 * Every ancestor of an entity, nearest first, each reached once through its nearest holder:
 * an activity's area through the activity itself, the discipline through the area, the
 * work and the base through the contract.
 */
export function ancestorsOf(entity: Entity): Ancestor[] {
  const found: Ancestor[] = [];
  const seen = new Set<Entity>([entity]);
  const queue: Entity[] = [entity];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const parent of HIERARCHY[current].parents) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      found.push({ entity: parent, via: current });
      queue.push(parent);
    }
  }
  return found;
}

/**
 * The entities whose records can hang from a record of `entity` (each has it among its
 * ancestors), in ENTITIES order; users hang from their base, work or contract. Deactivating a
 * record hides those of them that were active (spec §4).
 */
export function descendantsOf(entity: Entity): Entity[] {
  return ENTITIES.filter(
    (other) => other !== entity && ancestorsOf(other).some((ancestor) => ancestor.entity === entity),
  );
}

/**
 * The chain rule of a write: for each parent P of the input, the parents of P that the input
 * names too, whose ids must match (`local.area` = the input's `area`).
 */
export function chainChecks(entity: Entity): { parent: Entity; field: Entity }[] {
  const own = HIERARCHY[entity].parents;
  return own.flatMap((parent) =>
    HIERARCHY[parent].parents.filter((field) => own.includes(field)).map((field) => ({ parent, field })),
  );
}

/**
 * The fields of a form that depend on another (cascading selects): each parent field is
 * narrowed by the nearest parent of the input it hangs from. A local's area by its contract;
 * an activity's local by its area, its block by its local, its package by its block.
 */
export function parentDependencies(entity: Entity): Partial<Record<Entity, Entity[]>> {
  const own = HIERARCHY[entity].parents;
  const dependencies: Partial<Record<Entity, Entity[]>> = {};
  for (const parent of own) {
    const above = HIERARCHY[parent].parents.filter((field) => own.includes(field));
    if (above.length > 0) dependencies[parent] = [...above];
  }
  return dependencies;
}
