import type { FastifyInstance } from 'fastify';
import { ENTITIES, HIERARCHY, descendantsOf } from '@canteiro/shared/domain';
import type { Entity } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import type { ReadModel } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import { resourceRoutes } from '../crud/resource.js';
import { activitiesResource } from './activities.js';
import { basesResource } from './bases.js';
import { contractsResource } from './contracts.js';
import { equipmentResource } from './equipment.js';
import { occurrencesResource } from './occurrences.js';
import { surveysResource } from './surveys.js';
import { usersResource } from './users.js';
import { worksResource } from './works.js';
import { NAMED_RESOURCES } from './named.js';
import { deactivationImpactRoutes } from './deactivation-impact.js';
import { TABLES } from './hierarchy-resource.js';
import type { TableEntity } from './hierarchy-resource.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource has its own item and input
export type Resources = { readonly [E in Entity]: ApiResource<any, any> };

/**
 * Every resource of the hierarchy, by entity: one record that the routes are registered from
 * (each under `/api/<endpoint>` of its HIERARCHY line) and that a write looks a parent's read
 * model up in. A new entity is its HIERARCHY line, its table, its schema and its line here
 * (or in named.ts, for a record known by its name alone).
 * The activities' status is read on the sites' clock, hence the time zone.
 */
export const resourcesOn = (siteTimeZone: string): Resources => ({
  base: basesResource,
  work: worksResource,
  contract: contractsResource,
  occurrence: occurrencesResource,
  user: usersResource,
  survey: surveysResource,
  ...NAMED_RESOURCES,
  activity: activitiesResource(siteTimeZone),
  equipment: equipmentResource,
});

export interface ResourcesOptions extends Record<string, unknown> {
  db: Database;
  siteTimeZone: string;
}

/** Every resource's routes under the prefix this plugin is given (`/api`). */
export async function resourcesRoutes(app: FastifyInstance, { db, siteTimeZone }: ResourcesOptions): Promise<void> {
  const resources = resourcesOn(siteTimeZone);
  const readModelOf = (entity: Entity): ReadModel => resources[entity].read;
  for (const entity of ENTITIES) {
    const prefix = `/${HIERARCHY[entity].endpoint}`;
    await app.register(resourceRoutes(resources[entity], readModelOf), { prefix, db, siteTimeZone });
    // What deactivating a record hides, where records hang from it.
    if (Object.hasOwn(TABLES, entity) && descendantsOf(entity).length > 0)
      await app.register(deactivationImpactRoutes(entity as TableEntity, resources[entity]), { prefix, db });
  }
}
