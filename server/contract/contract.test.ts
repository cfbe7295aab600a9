import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { DASHBOARD_NAMES, ENTITIES, ERROR_CODES, REPORT_KINDS } from '@canteiro/shared/domain';
import { GENERATED, describeApi, writeDescription } from './describe.js';
import type { ClientFlow } from './flow-types.js';
import { PASSWORD } from '../test/helpers.js';
import { managementSuite } from '../test/management-fixtures.js';
import type { ManagementContext } from '../test/management-fixtures.js';
import { createDashboardFixture } from '../test/dashboard-fixtures.js';
import { reportTime } from '../test/mobile-fixtures.js';

/**
 * The API contract as outside tools read it (docs/api-contract.md): the description the server
 * publishes, validated by swagger-parser, linted by Redocly (0 errors), every schema compiled
 * by ajv, and a client generated from it (openapi-typescript + openapi-fetch) that type-checks
 * a whole flow without a cast and runs it against a real server. The server suite checks
 * every answer it receives against the same description (test/contract.ts).
 */

const run = promisify(execFile);
const server = path.resolve(import.meta.dirname, '..');
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;
const FLOW = './client-flow.js';

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; security?: unknown[]; responses: Record<string, Json> };

let document: Json & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
};
let file: string;
const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${url}`, operation })),
  );

/** Every schema object under `value`, with where it is. */
function* schemasIn(value: unknown, where: string): Generator<{ schema: Json; where: string }> {
  if (value === null || typeof value !== 'object') return;
  const object = value as Json;
  if (object.schema && typeof object.schema === 'object') yield { schema: object.schema as Json, where };
  for (const [key, child] of Object.entries(object)) yield* schemasIn(child, `${where}/${escape(key)}`);
}

/** A key as a JSON pointer writes it. */
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every object schema nested in `schema` (properties, items, anyOf…), with its path. */
function* objectsIn(schema: unknown, where: string): Generator<{ object: Json; where: string }> {
  if (schema === null || typeof schema !== 'object') return;
  const object = schema as Json;
  if (object.type === 'object') yield { object, where };
  for (const [key, child] of Object.entries(object)) yield* objectsIn(child, `${where}/${key}`);
}

before(async () => {
  file = await writeDescription();
  document = JSON.parse(readFileSync(file, 'utf8')) as typeof document;
});

describe('the description', () => {
  test('is valid OpenAPI (swagger-parser)', async () => {
    await SwaggerParser.validate(structuredClone(await describeApi()) as never);
  });

  test('Redocly lint (recommended rules) finds no error', async () => {
    const { stdout } = await run('pnpm', ['exec', 'redocly', 'lint', file, '--format=json'], {
      cwd: server,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    assert.deepEqual(errors, [], 'no Redocly error');
    assert.equal(report.totals.errors, 0);
  });

  test('ajv compiles every schema in it', () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    ajv.addSchema(document as object, 'openapi');
    let compiled = 0;
    for (const { where } of schemasIn(document.paths, '')) {
      const pointer = `openapi#/paths${where}/schema`;
      assert.ok(ajv.getSchema(pointer), `compiles ${pointer}`);
      compiled += 1;
    }
    assert.ok(compiled > 300, `${compiled} schemas compiled`);
  });

  test('every operation has a unique operationId, a security requirement and its 4xx', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    assert.equal(ids.filter((id) => !id).length, 0, 'every operation has an operationId');
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { route, operation } of operations()) {
      assert.ok(Array.isArray(operation.security), `${route} declares its security`);
      if (route.includes(' /api/'))
        assert.ok(
          Object.keys(operation.responses).some((status) => status.startsWith('4')),
          `${route} declares a 4xx`,
        );
    }
    assert.equal(Object.keys(document.paths).filter((url) => url.length > 1 && url.endsWith('/')).length, 0);
  });

  test('every body and every answer is typed: no free-form object, and each object lists what it requires', () => {
    const loose: string[] = [];
    for (const { route, operation } of operations()) {
      for (const { schema, where } of schemasIn(
        { requestBody: operation.requestBody, responses: operation.responses },
        route,
      )) {
        for (const { object, where: inner } of objectsIn(schema, where)) {
          const properties = object.properties as Json | undefined;
          const map = typeof object.additionalProperties === 'object';
          if (!properties && !map) loose.push(`${inner}: an object without properties`);
          if (object.additionalProperties === true) loose.push(`${inner}: additionalProperties true`);
          const required = object.required as string[] | undefined;
          // An object of only optional properties (the filters a dashboard echoes) still says so.
          if (properties && !required && Object.keys(properties).length > 0 && !inner.includes('/filters'))
            loose.push(`${inner}: no required list`);
        }
      }
    }
    assert.deepEqual(loose, []);
  });

  test('the dashboards and the period are typed, with their 400, 401 and 403', () => {
    for (const name of ['period', ...DASHBOARD_NAMES]) {
      const get = document.paths[`/api/dashboards/${name}`]!.get!;
      const ok = get.responses['200'] as { content?: Record<string, { schema: Json }> };
      assert.ok(ok.content?.['application/json']?.schema.properties, `${name} answers a typed object`);
      for (const status of ['400', '401', '403']) assert.ok(get.responses[status], `${name} declares ${status}`);
    }
  });

  test('downloads declare their real media types', () => {
    const exports = operations().filter(({ operation }) => operation.operationId!.startsWith('export'));
    assert.equal(
      exports.length,
      // + the audit trail's.
      ENTITIES.length + REPORT_KINDS.length + DASHBOARD_NAMES.length + 1,
      'every list, report list, dashboard and the audit trail has its export',
    );
    for (const { route, operation } of [
      ...exports,
      ...operations().filter(({ operation }) => operation.operationId === 'getUserPicture'),
    ]) {
      const types = Object.keys((operation.responses['200']!.content as Json | undefined) ?? {});
      assert.ok(types.length > 0 && !types.includes('application/json'), `${route}: ${types.join(', ')}`);
    }
  });

  test('the error shape: codes without duplicates, every field it can carry declared', () => {
    const error = document.components.schemas.ApiError!;
    const codes = (error.properties as Record<string, { enum: string[] }>).code!.enum;
    assert.equal(new Set(codes).size, codes.length);
    assert.deepEqual([...codes].sort(), [...new Set(ERROR_CODES)].sort());
    assert.equal(error.additionalProperties, false);
    assert.ok(['max', 'maxSize', 'maxMegapixels'].every((field) => field in (error.properties as Json)));
  });

  test('decimals: a standard validator takes every quantity the server takes (no fractional multipleOf)', () => {
    const text = JSON.stringify(document);
    assert.doesNotMatch(text, /"multipleOf":\s*0\./);
    const ajv = addFormats(new Ajv({ strict: false }));
    ajv.addSchema(document as object, 'openapi');
    const batch = ajv.getSchema(
      'openapi#/paths/~1api~1mobile~1reports/post/requestBody/content/application~1json/schema',
    )!;
    const row = {
      kind: 'quantity',
      id: randomUUID(),
      contract: 1,
      reportTime: reportTime(),
      package: 1,
      area: 1,
      activity: 1,
      unity: 'kg',
    };
    for (const quantity of [1024.419, 0.125, 0.001, 99_999_999_999.999])
      assert.ok(batch({ reports: [{ ...row, quantity }] }), `${quantity}: ${JSON.stringify(batch.errors)}`);
  });

  test('the security schemes: the Token header and the XSRF cookie/header pair, on the operations that need them', () => {
    const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
    assert.deepEqual(schemes.token, { ...schemes.token, type: 'http', scheme: 'Token' });
    assert.equal(schemes.xsrfCookie!.in, 'cookie');
    assert.equal(schemes.xsrfHeader!.in, 'header');
    const create = document.paths['/api/works']!.post!;
    assert.deepEqual(create.security, [{ token: [], xsrfCookie: [], xsrfHeader: [] }]);
    assert.deepEqual(document.paths['/api/works']!.get!.security, [{ token: [] }]);
    assert.deepEqual(document.paths['/api/mobile/reports']!.post!.security, [{ token: [] }]);
    assert.deepEqual(document.paths['/api/mobile/login']!.post!.security, []);
    assert.deepEqual(document.paths['/api/authentication/login']!.post!.security, [{ xsrfCookie: [], xsrfHeader: [] }]);
  });
});

describe('a client generated from the description', () => {
  test('type-checks a whole flow without a cast (openapi-typescript, openapi-fetch, tsc)', async () => {
    const types = astToString(await openapiTS(document as never));
    writeFileSync(path.join(GENERATED, 'openapi.d.ts'), types);
    const flow = readFileSync(path.join(import.meta.dirname, 'client-flow.ts'), 'utf8');
    // `x as T`, `<T>x` and `x!.` are what a hand cast looks like; createClient<paths> is the generated type.
    assert.doesNotMatch(
      flow,
      /\bas (?!const\b)[A-Za-z{[]|[=(,]\s*<[A-Za-z]+>|!\./,
      'no cast and no non-null assertion',
    );
    await run('pnpm', ['exec', 'tsc', '-p', 'contract/tsconfig.json'], { cwd: server }).catch(
      (error: { stdout: string }) => assert.fail(error.stdout),
    );
  });

  describe('runs against a real server', () => {
    let context: ManagementContext;
    managementSuite((fresh) => {
      context = fresh;
    });

    test('sign in, the contract list, the period, each dashboard, a CSV export, the mobile app', async () => {
      await createDashboardFixture(context);
      const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
      const id = randomUUID();
      // Imported by a name the type checker does not follow: the flow is checked with the
      // generated types by the test above, the suite against flow-types.ts.
      const { clientFlow } = (await import(FLOW)) as { clientFlow: ClientFlow };
      const result = await clientFlow(
        address,
        { email: 'admin@t.test', password: PASSWORD },
        { email: 'reporterA1@t.test', password: PASSWORD },
        'Contrato A1',
        { id, reportTime: reportTime() },
      );
      // r1–r6 of dashboard-fixtures.ts: 21 workers seen at 0.5 HH.
      assert.equal(result.totalHh, 10.5);
      assert.equal(result.valueAddingIndex, 7.5 / 10.5);
      assert.deepEqual(result.period, { from: '2026-02-16', to: '2026-03-09' });
      // The Pareto is of the losses: "Aguardando material" (4 workers) before "Transportando" (2).
      assert.equal(result.topOccurrence, 'Aguardando material');
      assert.equal(result.busiestHour, 8);
      assert.equal(result.equipmentObservations, 0);
      assert.ok(result.contracts.includes('Contrato A1'));
      assert.match(result.csv, /^\uFEFF?ID[;,]Date[;,]Time/);
      assert.equal(result.csv.split('\r\n').filter(Boolean).length, 1 + 6, 'the header and the six rows');
      assert.deepEqual(result.mobile, {
        catalogueActivities: result.mobile.catalogueActivities,
        accepted: [id],
        rejected: [],
      });
      assert.ok(result.mobile.catalogueActivities > 0);
    });
  });
});
