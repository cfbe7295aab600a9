import type { FastifyInstance } from 'fastify';
import { HIERARCHY, deactivationImpactSchema } from '@canteiro/shared/domain';
import type { DeactivationImpact } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import { ApiError } from '../errors.js';
import { declaredAccess } from '../crud/access.js';
import { findItem } from '../crud/reads.js';
import { allowedCaller, pathId } from '../crud/resource.js';
import type { ApiResource } from '../crud/resource.js';
import { ID_PARAM, operation } from '../openapi/operation.js';
import { hiddenBy } from './hierarchy-resource.js';
import type { TableEntity } from './hierarchy-resource.js';

/**
 * GET /api/<endpoint>/:id/deactivation-impact (docs/hierarchy.md): what deactivating the
 * record would hide, for whoever may (de)activate it, the record in the caller's scope (else
 * 404, as every read). Nothing is written. The status toggle and an edit form that sets
 * "Ativo: Não" show it in their first confirmation.
 */
export function deactivationImpactRoutes(
  entity: TableEntity,
  { read, access }: Pick<ApiResource<unknown, object>, 'read' | 'access'>,
) {
  const { endpoint } = HIERARCHY[entity];
  const allowed = (access ?? declaredAccess(entity)).status;
  return async function routes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
    app.get(
      '/:id/deactivation-impact',
      {
        schema: operation({
          operationId: `get${entity[0]!.toUpperCase()}${entity.slice(1)}DeactivationImpact`,
          summary: `What deactivating one of ${endpoint} would hide`,
          tags: [endpoint],
          params: ID_PARAM,
          answers: { 200: { description: 'Nothing is written.', schema: deactivationImpactSchema } },
          errors: { 403: 'forbidden: this level may never (de)activate these.', 404: 'not_found.' },
        }),
      },
      async (request): Promise<DeactivationImpact> => {
        const caller = allowedCaller(request, allowed);
        const id = pathId(request);
        if (!(await findItem(db.orm, read, caller, id))) throw new ApiError(404, 'not_found');
        return { hides: await hiddenBy(db.orm, entity, id) };
      },
    );
  };
}
