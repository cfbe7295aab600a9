import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { occurrenceImpactQuerySchema, occurrenceImpactSchema } from '@canteiro/shared/domain';
import type { OccurrenceImpact } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { occurrences } from '../db/schema/catalogue.js';
import { contracts } from '../db/schema/organisation.js';
import { activityReports } from '../db/schema/reports.js';
import { activityDailyClasses } from '../db/schema/dashboards.js';
import { ApiError, parseBody } from '../errors.js';
import { adminOnly } from '../crud/access.js';
import { ID_PARAM, operation } from '../openapi/operation.js';
import { allowedCaller, pathId } from '../crud/resource.js';

type Class = 'value_adding' | 'hidden_waste' | 'evident_waste';
const KEY = { value_adding: 'valueAdding', hidden_waste: 'hiddenWaste', evident_waste: 'evidentWaste' } as const;

interface ContractRow {
  contract: number;
  contractName: string;
  observations: number;
  workers: number;
  va: number;
  hw: number;
  ew: number;
}

/**
 * GET /api/occurrences/:id/impact?classification= (admins; docs/server.md): what moving the
 * occurrence to another class would rewrite — every contract's history is read through the
 * occurrence's class. Its rows by contract, and each contract's class totals from the class
 * rollup: the shares before, and after the occurrence's workers change sides.
 */
export async function occurrenceImpactRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get(
    '/:id/impact',
    {
      schema: operation({
        operationId: 'getOccurrenceImpact',
        summary: "What moving an occurrence to another class would change in every contract's shares",
        tags: ['occurrences'],
        params: ID_PARAM,
        query: {
          type: 'object',
          properties: { classification: { type: 'string', enum: ['value_adding', 'hidden_waste', 'evident_waste'] } },
          required: ['classification'],
        },
        answers: { 200: { description: 'Nothing is written.', schema: occurrenceImpactSchema } },
        errors: { 400: 'validation_failed (classification).', 403: 'forbidden: admins only.', 404: 'not_found.' },
      }),
    },
    async (request): Promise<OccurrenceImpact> => {
      allowedCaller(request, adminOnly);
      const id = pathId(request);
      const { classification: target } = parseBody(occurrenceImpactQuerySchema, request.query);
      const [occurrence] = await db.orm
        .select({ classification: occurrences.classification })
        .from(occurrences)
        .where(eq(occurrences.id, id));
      if (!occurrence) throw new ApiError(404, 'not_found');
      const rows = await selectRows<ContractRow>(
        db.orm,
        sql`with moved as (
            select ${activityReports.contractId} as contract_id, count(*)::int as observations,
              sum(${activityReports.quantity})::float8 as workers
            from ${activityReports} where ${activityReports.occurrenceId} = ${id} group by 1),
          totals as (
            select ${activityDailyClasses.contractId} as contract_id, sum(${activityDailyClasses.valueAdding})::float8 as va,
              sum(${activityDailyClasses.hiddenWaste})::float8 as hw, sum(${activityDailyClasses.evidentWaste})::float8 as ew
            from ${activityDailyClasses}
            where ${activityDailyClasses.contractId} in (select contract_id from moved) group by 1)
          select moved.contract_id as contract, ${contracts.name} as "contractName", moved.observations, moved.workers,
            totals.va, totals.hw, totals.ew
          from moved join totals using (contract_id) join ${contracts} on ${contracts.id} = moved.contract_id
          order by ${contracts.name}, moved.contract_id`,
      );
      const from = occurrence.classification as Class;
      const shares = rows.map((row) => {
        const before = { valueAdding: row.va, hiddenWaste: row.hw, evidentWaste: row.ew };
        const after = { ...before };
        after[KEY[from]] -= row.workers;
        after[KEY[target]] += row.workers;
        const total = row.va + row.hw + row.ew;
        const share = (workers: typeof before) => ({
          valueAdding: total > 0 ? workers.valueAdding / total : 0,
          hiddenWaste: total > 0 ? workers.hiddenWaste / total : 0,
          evidentWaste: total > 0 ? workers.evidentWaste / total : 0,
        });
        return {
          contract: row.contract,
          contractName: row.contractName,
          observations: row.observations,
          before: share(before),
          after: share(after),
        };
      });
      return {
        observations: rows.reduce((sum, row) => sum + row.observations, 0),
        contracts: rows.length,
        shares,
      };
    },
  );
}
