import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, beforeEach } from 'node:test';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SCHEME, XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';
import type { Profile } from '@canteiro/shared/domain';
import { buildApp } from '../src/app.js';
import { answerCheck, violations } from './contract.js';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import { openDatabase, selectRows } from '../src/db/connection.js';
import { migrationsFolder } from '../src/db/driver.js';
import type { Database } from '../src/db/connection.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import { users } from '../src/db/schema/people.js';
import { hash } from '@node-rs/argon2';

/**
 * Test harness: one database per test file (PGlite in memory, or a PostgreSQL database of
 * its own beside TEST_DATABASE_URL's), emptied before each test; one app per test, driven by
 * app.inject.
 */

export const PASSWORD = 'demo1234';

/** The installed PGlite's version (its package.json, beside its dist/): a template is only good for the PGlite that wrote it. */
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL?.trim() || null;
  // PGlite: in memory, from the committed migrations applied once (pgliteTemplate).
  if (!url) return openMigratedPglite();
  // This file's own database, a copy of the migrated template (fileDatabase, below).
  return openDatabase({ databaseUrl: url, databaseReadUrl: null, dataDir: 'memory://' });
}

/**
 * A new PGlite with the committed migrations applied, whatever database this run's files use:
 * in memory, or in `dataDir`, a new empty folder (a server started on it later finds it migrated).
 */
export async function openMigratedPglite(dataDir = 'memory://'): Promise<Database> {
  return openDatabase({
    databaseUrl: null,
    databaseReadUrl: null,
    dataDir,
    pgliteLoad: await pgliteTemplate(),
  });
}

/** The committed migrations (names and contents) and PGlite's version, as one digest: a template's name. */
function migrationsDigest(): string {
  const digest = createHash('sha256').update(PGLITE_VERSION);
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (statSync(file).isFile()) digest.update(name).update(readFileSync(file));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * On PostgreSQL each test file gets a database of its own, `<TEST_DATABASE_URL's>_<file>`,
 * copied (CREATE DATABASE … TEMPLATE) from one the committed migrations were applied to once
 * per migrations digest: no file migrates, and files can run side by side (docs/testing.md).
 * The role needs CREATEDB (.ci/run grants it). Every connection of the file — the harness's,
 * a node it starts, a relay it puts in front — reaches that database through
 * TEST_DATABASE_URL, which is set to it here, before any test file reads it.
 */
async function fileDatabase(baseUrl: string): Promise<string> {
  const base = new URL(baseUrl);
  const baseName = decodeURIComponent(base.pathname.slice(1));
  const file = path
    .basename(process.argv[1] ?? 'test')
    .replace(/\.test\.[jt]s$/, '')
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase();
  const own = `${baseName}_${file}`.slice(0, 63);
  const template = `${baseName}_template_${migrationsDigest()}`.slice(0, 63);
  const urlOf = (name: string) => Object.assign(new URL(base), { pathname: `/${encodeURIComponent(name)}` }).href;
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  try {
    // One maker at a time: files starting together wait for the first one's template.
    await admin.query(`select pg_advisory_lock(hashtext('canteiro test template'))`);
    const exists = await admin.query(`select 1 from pg_database where datname = $1`, [template]);
    if (exists.rowCount === 0) {
      const partial = `${template}_partial`.slice(0, 63);
      await admin.query(`drop database if exists ${quoted(partial)} with (force)`);
      await admin.query(`create database ${quoted(partial)}`);
      const db = await openDatabase({ databaseUrl: urlOf(partial), databaseReadUrl: null, dataDir: 'memory://' });
      await db.migrate().finally(() => db.close());
      await admin.query(`alter database ${quoted(partial)} rename to ${quoted(template)}`);
      // Templates of older migrations are of no more use.
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 and datname <> $2`,
        [`${baseName}_template_%`, template],
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${quoted(datname)} with (force)`);
    }
    await admin.query(`drop database if exists ${quoted(own)} with (force)`);
    await admin.query(`create database ${quoted(own)} template ${quoted(template)}`);
  } finally {
    await admin.query(`select pg_advisory_unlock_all()`).catch(() => undefined);
    await admin.end();
  }
  return urlOf(own);
}

if (process.env.TEST_DATABASE_URL?.trim())
  process.env.TEST_DATABASE_URL = await fileDatabase(process.env.TEST_DATABASE_URL.trim());

/**
 * The committed migrations applied to an empty PGlite once per machine, as a dump each test
 * file's in-memory database starts from: opening and migrating a fresh PGlite costs ~4–6 s a
 * file, loading the dump ~0.8 s (docs/testing.md). Named by the digest of the migrations and
 * PGlite's version, so a new migration makes a new template.
 */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `canteiro-test-template-${migrationsDigest()}.tar`);
  if (existsSync(template)) return template;
  const folder = mkdtempSync(path.join(tmpdir(), 'canteiro-template-'));
  try {
    const db = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir: folder });
    await db.migrate().finally(() => db.close());
    // Imported here, once per machine: the PostgreSQL suite's files never load PGlite (~0.4 s each).
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    const pg = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
    const dump = await pg.dumpDataDir('none').finally(() => pg.close());
    // Written aside, then renamed: a file that runs at the same time never reads half of it.
    const partial = `${template}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, template);
    return template;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** What a reset needs to know of a database's tables, read once per database. */
interface ResetPlan {
  /** Names the tables holding a row or whose own sequence has been used, with their rows (to 5 001). */
  touched: string;
  /** Every table, each before the tables it references: a delete in this order breaks no foreign key. */
  order: string[];
  /** Each table's own sequences (serial, identity). */
  sequences: Map<string, string[]>;
}

const resetPlans = new WeakMap<Database, Promise<ResetPlan>>();
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const tableName = (text: string) => `public."${text.replaceAll('"', '""')}"`;
/** Past this many rows (demo data, a bench's fixture) a truncate is quicker than deleting them. */
const DELETE_AT_MOST = 5_000;

async function resetPlan(db: Database): Promise<ResetPlan> {
  const tables = await selectRows<{ table: string; sequences: string[] | null; references: string[] | null }>(
    db.orm,
    sql`select c.relname as "table",
               (select array_agg(s.relname::text order by s.relname) from pg_depend d
                  join pg_class s on s.oid = d.objid and s.relkind = 'S'
                 where d.classid = 'pg_class'::regclass and d.refobjid = c.oid and d.deptype in ('a', 'i')) as sequences,
               (select array_agg(distinct parent) from (
                  select p.relname::text as parent from pg_constraint f join pg_class p on p.oid = f.confrelid
                   where f.contype = 'f' and f.conrelid = c.oid and f.confrelid <> c.oid
                  union all -- the report tables' keys, held by a trigger (migration 0026): a parent every fourth argument
                  select (string_to_array(encode(t.tgargs, 'escape'), '\\000'))[4 * k + 3] from pg_trigger t,
                         generate_series(0, t.tgnargs / 4 - 1) k
                   where t.tgrelid = c.oid and t.tgfoid = to_regproc('report_references_held')) parents) as "references"
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
         order by c.relname`,
  );
  // Referencing tables first (Kahn's order over "is referenced by"); a cycle would leave some out.
  const referencedBy = new Map(tables.map(({ table }) => [table, 0]));
  for (const { references } of tables)
    for (const parent of references ?? []) referencedBy.set(parent, (referencedBy.get(parent) ?? 0) + 1);
  const order: string[] = [];
  const ready = tables.filter(({ table }) => referencedBy.get(table) === 0).map(({ table }) => table);
  while (ready.length > 0) {
    const table = ready.shift()!;
    order.push(table);
    for (const parent of tables.find((entry) => entry.table === table)?.references ?? []) {
      const left = referencedBy.get(parent)! - 1;
      referencedBy.set(parent, left);
      if (left === 0) ready.push(parent);
    }
  }
  const touched = tables
    .map(({ table, sequences }) => {
      const used = sequences?.length
        ? ` or exists (select 1 from pg_sequences where schemaname = 'public' and sequencename in (${sequences.map(literal).join(', ')}) and last_value is not null)`
        : '';
      return `select ${literal(table)} as "table", (select count(*) from (select 1 from ${tableName(table)} limit ${DELETE_AT_MOST + 1}) rows)::int as "rows" where exists (select 1 from ${tableName(table)})${used}`;
    })
    .join(' union all ');
  return {
    touched,
    order: order.length === tables.length ? order : [],
    sequences: new Map(tables.map(({ table, sequences }) => [table, sequences ?? []])),
  };
}

/**
 * Empties the database before a test as `truncate <every table> restart identity cascade` does:
 * every table without a row, every table's own sequence back at its start. Only the tables a
 * test touched are emptied, and a few rows are deleted rather than truncated: a truncate makes
 * new files for every table and index it names, ~75 ms on PGlite and ~85 ms on PostgreSQL
 * before each of ~1 000 tests, where deleting a test's rows takes 5–10 ms (docs/testing.md,
 * "Reset"). Many rows, or tables whose foreign keys make a cycle, are truncated as before.
 */
export async function resetDatabase(db: Database): Promise<void> {
  if (!resetPlans.has(db)) resetPlans.set(db, resetPlan(db));
  const plan = await resetPlans.get(db)!;
  const touched = await selectRows<{ table: string; rows: number }>(db.orm, sql.raw(plan.touched));
  if (touched.length === 0) return;
  const rows = touched.reduce((sum, entry) => sum + entry.rows, 0);
  if (rows > DELETE_AT_MOST || plan.order.length === 0) {
    await db.orm.execute(
      sql.raw(`truncate ${touched.map(({ table }) => tableName(table)).join(', ')} restart identity cascade`),
    );
    return;
  }
  const names = new Set(touched.map(({ table }) => table));
  const sequences = [...names].flatMap((table) => plan.sequences.get(table) ?? []);
  await db.orm.transaction(async (tx) => {
    for (const table of plan.order) if (names.has(table)) await tx.execute(sql.raw(`delete from ${tableName(table)}`));
    if (sequences.length > 0)
      await tx.execute(
        sql.raw(
          `select setval(format('public.%I', sequencename)::regclass, start_value, false) from pg_sequences
            where schemaname = 'public' and sequencename in (${sequences.map(literal).join(', ')})`,
        ),
      );
  });
}

export interface ServerContext {
  db: Database;
  app: FastifyInstance;
}

/**
 * The hooks of a test file that talks to the server: one database and app per file, every
 * table emptied before each test, then `prepare` (the data the file's tests start from).
 * `use` receives each fresh context.
 */
export function serverSuite<Extra extends object = object>(
  use: (context: ServerContext & Extra) => void,
  prepare: (context: ServerContext) => Promise<Extra> = async () => ({}) as Extra,
): void {
  let db: Database;
  let app: FastifyInstance;
  before(async () => {
    db = await openTestDatabase();
    app = await startApp(db);
  });
  beforeEach(async () => {
    await resetDatabase(db);
    use({ db, app, ...(await prepare({ db, app })) });
  });
  after(async () => {
    await app?.close();
    await db?.close();
    assert.deepEqual(violations, [], 'every answer matches the OpenAPI description');
  });
}

/** A folder with nothing in it: tests see no front-end unless they build one. */
let emptyRoot: string | undefined;
const emptyFolder = () => (emptyRoot ??= mkdtempSync(path.join(tmpdir(), 'canteiro-empty-')));

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: 'memory://',
    logLevel: (process.env.TEST_LOG_LEVEL ?? 'silent') as Config['logLevel'],
    staticRoot: emptyFolder(),
    ...overrides,
  };
}

export async function startApp(db: Database, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  // Every answer a test receives is checked against the OpenAPI description (contract.ts).
  const app: FastifyInstance = await buildApp({
    config: testConfig(overrides),
    db,
    answerCheck: answerCheck(() => app),
  });
  await app.ready();
  return app;
}

export interface Organisation {
  baseId: number;
  workId: number;
  contractId: number;
}

export async function createOrganisation(db: Database): Promise<Organisation> {
  const [base] = await db.orm.insert(bases).values({ name: 'Base Teste', state: 'SP' }).returning();
  const [work] = await db.orm
    .insert(works)
    .values({
      name: 'Obra Teste',
      prj: 'PRJ-1',
      description: 'Obra',
      baseId: base!.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    })
    .returning();
  const [contract] = await db.orm
    .insert(contracts)
    .values({
      name: 'Contratada Teste',
      description: 'Contrato',
      baseId: base!.id,
      workId: work!.id,
      reportingGoal: 16,
      reportingPeriod: 30,
    })
    .returning();
  return { baseId: base!.id, workId: work!.id, contractId: contract!.id };
}

let passwordHash: Promise<string> | undefined;

export interface NewUser {
  email: string;
  profile?: Profile;
  firstName?: string;
  isActive?: boolean;
  firstAccess?: boolean;
}

/**
 * A user with password PASSWORD, hashed once per file. The hash is argon2id like the
 * product's, at 1 MiB and one pass: a check reads its cost from the hash, so each sign-in
 * of the suites costs ~1 ms instead of ~60 ms (the product's own hashing is what
 * admin-users.test.ts and the demo accounts exercise). Measured: admin-scope 9.7 → 9.0 s
 * of CPU, session 7.3 → 7.0 s.
 */
export async function createUser(db: Database, organisation: Organisation, user: NewUser) {
  passwordHash ??= hash(PASSWORD, { memoryCost: 1024, timeCost: 1 });
  const [created] = await db.orm
    .insert(users)
    .values({
      email: user.email,
      username: user.email.split('@')[0]!,
      firstName: user.firstName ?? 'Teste',
      passwordHash: await passwordHash,
      profile: user.profile ?? 'contract',
      ...organisation,
      isActive: user.isActive ?? true,
      firstAccess: user.firstAccess ?? false,
    })
    .returning();
  return created!;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * A browser in miniature: keeps cookies and echoes the XSRF cookie on unsafe calls, as
 * the shared API client does; optionally from its own network address and language.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { remoteAddress?: string; language?: string } = {},
  ) {}

  async request(
    url: string,
    { method = 'GET', body, token, headers = {} }: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && method !== 'HEAD' && !this.cookies.has(XSRF_COOKIE)) await this.request('/api/health/live');
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.options.remoteAddress ?? '127.0.0.1',
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: {
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(method !== 'GET' && this.cookies.has(XSRF_COOKIE) ? { [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE)! } : {}),
        ...(token ? { authorization: `${AUTH_SCHEME} ${token}` } : {}),
        ...(this.options.language ? { 'accept-language': this.options.language } : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  login(email: string, password = PASSWORD, fromWeb = true): Promise<LightMyRequestResponse> {
    return this.request('/api/authentication/login', { method: 'POST', body: { email, password, from_web: fromWeb } });
  }

  /** Signs in and answers the token; fails the test when it cannot. */
  async signIn(email: string, password = PASSWORD): Promise<string> {
    const response = await this.login(email, password);
    if (response.statusCode !== 200)
      throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { token: string }).token;
  }
}

/** A multipart body with one part, as a browser sends it. */
export function multipart(file: Buffer, { field = 'file', filename = 'photo.png', type = 'image/png' } = {}) {
  const boundary = `canteiro${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
