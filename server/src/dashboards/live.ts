import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifySchema } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { contracts } from '../db/schema/organisation.js';
import { dashboardDataVersions } from '../db/schema/dashboards.js';
import { findSession } from '../authentication/tokens.js';
import { anyWebLevel } from '../crud/access.js';
import { allOf } from '../crud/list-query.js';
import { allowedCaller } from '../crud/resource.js';
import { ApiError } from '../errors.js';
import type { Lifecycle } from '../node/lifecycle.js';
import { operation } from '../openapi/operation.js';
import { filterProperties } from '../reports/docs.js';
import { readReportFilters } from '../reports/filters.js';
import type { Caller } from '../scope.js';
import { contractsScope, reaches } from '../scope.js';

/**
 * Live figures (docs/dashboards.md, "Live figures"): `GET /api/dashboards/live?contract=` is
 * a stream of server-sent events saying that the contract's data changed since the stream
 * opened, and how many observations (activity and equipment rows) arrived. The screen says so
 * and redraws only when the reader asks. Each node reads the contracts' data versions from
 * the database once a second for all its streams (one query, only while a stream is open),
 * so reports ingested through any node reach every node's readers. A stream names only the
 * one contract its reader may open, checked when it opens and again before every event and
 * every heartbeat (a session signed out or a contract out of scope ends it).
 */

/** How often a node reads the data versions of the contracts its streams watch. */
export const LIVE_POLL_MS = 1_000;
/** A comment line this often keeps proxies (HAProxy's `timeout server 60s`) from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000;

interface Version {
  version: string;
  observations: number;
}
type Listener = (version: Version) => void;

/** One node's watch over the data versions of the contracts its streams follow. */
export class LiveVersions {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly seen = new Map<number, string>();
  private readonly closers = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private failing = false;

  constructor(
    private readonly orm: Orm,
    private readonly log: FastifyBaseLogger,
    private readonly lifecycle: Lifecycle,
    private readonly pollMs = LIVE_POLL_MS,
  ) {}

  /** The contracts' versions and observation counts now (a contract never written: '0', 0). */
  async read(ids: number[]): Promise<Map<number, Version>> {
    const rows = await selectRows<{ contract: number; version: string; observations: string }>(
      this.orm,
      sql`select ${dashboardDataVersions.contractId} as contract, ${dashboardDataVersions.version}::text as version,
          ${dashboardDataVersions.observations}::text as observations
        from ${dashboardDataVersions} where ${inArray(dashboardDataVersions.contractId, ids)}`,
    );
    const read = new Map(ids.map((id) => [id, { version: '0', observations: 0 }]));
    for (const row of rows) read.set(row.contract, { version: row.version, observations: Number(row.observations) });
    return read;
  }

  /** Calls `listener` on every later change of the contract's version; returns the unsubscription. */
  subscribe(contract: number, at: Version, listener: Listener, close: () => void): () => void {
    const set = this.listeners.get(contract) ?? new Set();
    set.add(listener);
    this.listeners.set(contract, set);
    if (!this.seen.has(contract)) this.seen.set(contract, at.version);
    this.closers.add(close);
    this.timer ??= setInterval(() => void this.poll(), this.pollMs);
    return () => {
      set.delete(listener);
      this.closers.delete(close);
      if (set.size === 0) {
        this.listeners.delete(contract);
        this.seen.delete(contract);
      }
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Ends every stream (the node drains or closes: readers reconnect, elsewhere). */
  closeAll(): void {
    for (const close of [...this.closers]) close();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.lifecycle.draining) return this.closeAll();
    // A slow database: the next tick waits for this one rather than piling reads up.
    if (this.polling || this.listeners.size === 0) return;
    this.polling = true;
    try {
      const versions = await this.read([...this.listeners.keys()]);
      if (this.failing) this.log.info('live figures: the database answers again');
      this.failing = false;
      for (const [contract, now] of versions) {
        if (this.seen.get(contract) === now.version) continue;
        this.seen.set(contract, now.version);
        for (const listener of this.listeners.get(contract) ?? []) listener(now);
      }
    } catch (error) {
      // The database away for a moment: the streams stay open and the next tick reads again.
      if (!this.failing) this.log.warn({ err: error }, 'live figures: the data versions could not be read');
      this.failing = true;
    } finally {
      this.polling = false;
    }
  }
}

const liveDocs: FastifySchema = operation({
  operationId: 'streamDashboardChanges',
  tags: ['dashboards'],
  summary: "Server-sent events when a contract's data change, with the count of new observations",
  description: [
    'A `text/event-stream` that stays open. First `event: ready` with `{"version": "…", "observations": 0}`;',
    'then, whenever the contract’s data change (within about a second, whichever node ingested them),',
    '`event: change` with the new version and the observations (activity and equipment rows) inserted since the stream opened;',
    'a comment line every 15 s. The stream ends when the session ends, the contract leaves your scope or the node drains:',
    'reconnect. The query is the dashboards’ (only `contract` is read).',
  ].join(' '),
  query: { type: 'object', properties: filterProperties('activity'), required: ['contract'] },
  answers: { 200: { description: 'The event stream.', files: ['text/event-stream'] } },
  errors: {
    400: 'validation_failed (contract) or contract_out_of_scope: it does not exist or is outside your scope.',
    403: 'forbidden: a reporter never reads dashboards.',
  },
});

/** The contract is in the caller's scope (whatever its activeness: its dashboards open either way). */
async function mayWatch(orm: Orm, caller: Caller, contract: number): Promise<boolean> {
  const [row] = await orm
    .select({ id: contracts.id })
    .from(contracts)
    .where(allOf([eq(contracts.id, contract), contractsScope(caller)]));
  return row !== undefined;
}

/** The session still open, its user still one who may watch the contract. */
async function stillAllowed(orm: Orm, tokenHash: string, contract: number): Promise<boolean> {
  const user = await findSession(orm, tokenHash);
  if (!user || user.channel !== 'web' || !reaches(user, 'contract')) return false;
  return mayWatch(orm, { ...user, tokenHash }, contract);
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export async function liveRoutes(
  app: FastifyInstance,
  { db, lifecycle }: { db: Database; lifecycle: Lifecycle },
): Promise<void> {
  const hub = new LiveVersions(db.orm, app.log, lifecycle);
  app.addHook('preClose', async () => hub.closeAll());

  app.get('/live', { schema: liveDocs, compress: false }, async (request, reply) => {
    const caller = allowedCaller(request, anyWebLevel);
    const { filters, fields } = readReportFilters(request.query);
    if (!filters) throw new ApiError(400, 'validation_failed', fields);
    const { contract } = filters;
    if (!(await mayWatch(db.orm, caller, contract)))
      throw new ApiError(400, 'contract_out_of_scope', { contract: 'invalid_parent' });
    const tokenHash = caller.tokenHash!;
    const baseline = (await hub.read([contract])).get(contract)!;

    const stream = new PassThrough();
    let open = true;
    const write = (text: string) => {
      if (open) stream.write(text);
    };
    let unsubscribe = () => {};
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      unsubscribe();
      stream.end();
    };
    /** Writes `text` if the reader may still see the contract; else ends the stream. */
    const checked = async (text: string) => {
      try {
        if (await stillAllowed(db.orm, tokenHash, contract)) write(text);
        else close();
      } catch {
        // The database away for a moment: say nothing this time; the stream stays.
      }
    };
    const heartbeat = setInterval(() => void checked(': keep-alive\n\n'), LIVE_HEARTBEAT_MS);
    unsubscribe = hub.subscribe(
      contract,
      baseline,
      (now) =>
        void checked(event('change', { version: now.version, observations: now.observations - baseline.observations })),
      close,
    );
    // The reader went away, or the socket failed: nothing more to write.
    reply.raw.on('close', close);
    reply.raw.on('error', close);
    stream.on('error', close);
    write(`retry: 3000\n${event('ready', { version: baseline.version, observations: 0 })}`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
