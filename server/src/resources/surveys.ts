import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { surveyItemSchema, surveySubmissionSchema } from '@canteiro/shared/domain';
import { operation } from '../openapi/operation.js';
import type { Database } from '../db/connection.js';
import { surveys, users } from '../db/schema/people.js';
import { ApiError, parseBody } from '../errors.js';
import { recordAudit } from '../audit.js';
import { signedInUser } from '../plugins/authentication.js';
import { adminOnly } from '../crud/access.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoTimestamp, findItem } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import type { SurveyItem } from '@canteiro/shared/domain';

/**
 * What reporters think of the mobile app: a read-only list for admins (/api/surveys) and
 * the mobile app's submission (POST /api/mobile/surveys).
 */

export const surveysResource: ApiResource<SurveyItem, object> = {
  entity: 'survey',
  read: {
    table: surveys,
    from: sql`${surveys} join ${users} on ${users.id} = ${surveys.userId}`,
    columns: columnList({
      id: surveys.id,
      user: surveys.userId,
      userName: users.firstName,
      reportTime: isoTimestamp(surveys.reportTime),
      experience: surveys.experience,
      usability: surveys.usability,
      resources: surveys.resources,
      suggestions: surveys.suggestions,
    }),
    search: [users.firstName, users.email, surveys.suggestions],
    sorts: {
      reportTime: valueSort(surveys.reportTime, 'timestamptz'),
      userName: textSort(users.firstName),
      // The lists' generic `sort=name` means the user's name here.
      name: textSort(users.firstName),
      experience: valueSort(surveys.experience, 'integer'),
      usability: valueSort(surveys.usability, 'integer'),
      resources: valueSort(surveys.resources, 'integer'),
    },
    defaultSort: { key: 'reportTime', order: 'desc' },
    filters: { user: surveys.userId, contract: surveys.contractId },
    // Admins only (route access below): nothing to narrow.
    scope: () => undefined,
  },
  access: { read: adminOnly },
  export: {
    fileName: { 'pt-BR': 'pesquisas', 'en-US': 'surveys' },
    columns: [
      { header: 'id', value: (survey) => survey.id },
      { header: 'user', value: (survey) => survey.userName },
      { header: 'reportTime', value: (survey) => survey.reportTime, format: 'datetime' },
      { header: 'experience', value: (survey) => survey.experience },
      { header: 'usability', value: (survey) => survey.usability },
      { header: 'resources', value: (survey) => survey.resources },
      { header: 'suggestions', value: (survey) => survey.suggestions },
    ],
  },
};

export interface MobileSurveyRoutesOptions extends Record<string, unknown> {
  db: Database;
}

/** POST /api/mobile/surveys: any signed-in user (in practice a reporter) answers the survey. */
export async function mobileSurveyRoutes(app: FastifyInstance, { db }: MobileSurveyRoutesOptions): Promise<void> {
  app.post(
    '/surveys',
    {
      schema: operation({
        operationId: 'submitSurvey',
        summary: 'Submit an answer to the app survey (mobile app; no XSRF header needed)',
        tags: ['surveys'],
        body: surveySubmissionSchema,
        answers: {
          201: { description: 'Recorded: the answer as the survey list shows it.', schema: surveyItemSchema },
        },
        errors: { 400: 'validation_failed, with a code per field.' },
      }),
    },
    async (request, reply) => {
      const caller = signedInUser(request);
      const input = parseBody(surveySubmissionSchema, request.body);
      const id = await db.orm.transaction(async (tx) => {
        const [created] = await tx
          .insert(surveys)
          .values({
            userId: caller.id,
            contractId: caller.contractId,
            reportTime: sql`now()`,
            experience: input.experience,
            usability: input.usability,
            resources: input.resources,
            suggestions: input.suggestions ?? null,
          })
          .returning({ id: surveys.id });
        if (!created) throw new Error('survey not recorded');
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'create',
          entity: 'surveys',
          entityId: created.id,
          changes: { after: input },
        });
        return created.id;
      });
      const survey = await findItem<SurveyItem>(db.orm, surveysResource.read, caller, id);
      if (!survey) throw new ApiError(404, 'not_found');
      return reply.code(201).send(survey);
    },
  );
}
