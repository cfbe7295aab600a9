import type { FastifyInstance, FastifySchema } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { lastContractChoiceSchema, lastContractSchema } from '@canteiro/shared/domain';
import type { LastContract } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { contracts } from '../db/schema/organisation.js';
import { userPreferences } from '../db/schema/people.js';
import { anyWebLevel } from '../crud/access.js';
import { allOf } from '../crud/list-query.js';
import { allowedCaller } from '../crud/resource.js';
import { ApiError, parseBody } from '../errors.js';
import { operation } from '../openapi/operation.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';

/**
 * The contract the Dashboards open on, per user and on every device (docs/dashboards.md,
 * "Filters that follow the user"): the screens write it when the user chooses a contract and
 * read it when they open without one. Only a contract the user may open now is answered, or
 * kept: one that left their scope or was deactivated answers null.
 */

const tags = ['dashboards'];

const lastContractDocs: FastifySchema = operation({
  operationId: 'getLastDashboardContract',
  tags,
  summary: 'The contract the dashboards open on for you',
  description:
    'The contract you chose last in the dashboards, on any device; null before any choice, or when it is ' +
    'no longer in your scope or is inactive.',
  answers: { 200: { description: 'The contract.', schema: lastContractSchema } },
  errors: { 403: 'forbidden: a reporter never reads dashboards.' },
});

const chooseContractDocs: FastifySchema = operation({
  operationId: 'putLastDashboardContract',
  tags,
  summary: 'Remember the contract the dashboards open on for you',
  body: lastContractChoiceSchema,
  answers: { 200: { description: 'The contract kept.', schema: lastContractSchema } },
  errors: {
    400: 'validation_failed (contract: required, invalid_value) or contract_out_of_scope (contract: invalid_parent): it does not exist, is inactive or outside your scope.',
    403: 'forbidden: a reporter never reads dashboards.',
  },
});

/** The contract if this caller may open it now (in scope, active), else null. */
async function openable(db: Database, caller: Caller, contract: number | null): Promise<number | null> {
  if (contract === null) return null;
  const [row] = await selectRows<{ id: number }>(
    db.orm,
    sql`select ${contracts.id} as id from ${contracts}
      where ${allOf([eq(contracts.id, contract), eq(contracts.isActive, true), contractsScope(caller)])}`,
  );
  return row ? row.id : null;
}

export async function lastContractRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get('/last-contract', { schema: lastContractDocs }, async (request): Promise<LastContract> => {
    const caller = allowedCaller(request, anyWebLevel);
    const [kept] = await db.orm
      .select({ contract: userPreferences.dashboardContractId })
      .from(userPreferences)
      .where(eq(userPreferences.userId, caller.id));
    return { contract: await openable(db, caller, kept?.contract ?? null) };
  });

  app.put('/last-contract', { schema: chooseContractDocs }, async (request): Promise<LastContract> => {
    const caller = allowedCaller(request, anyWebLevel);
    const { contract } = parseBody(lastContractChoiceSchema, request.body);
    if ((await openable(db, caller, contract)) === null)
      throw new ApiError(400, 'contract_out_of_scope', { contract: 'invalid_parent' });
    await db.orm
      .insert(userPreferences)
      .values({ userId: caller.id, dashboardContractId: contract })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: { dashboardContractId: contract, updatedAt: sql`now()` },
        // The same choice again writes nothing (every screen of the module reports its contract).
        setWhere: sql`${userPreferences.dashboardContractId} is distinct from ${contract}`,
      });
    return { contract };
  });
}
