import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/connection.js';
import type { Target } from './http.js';

/** The app under fuzz: listening on a free port, sign-in limits relaxed, its error log captured. */

/**
 * One line per error: a failed query as its statement and table with the database's own
 * reason (drizzle appends it after the parameters), anything else as its first line.
 */
export function summariseError(message: string): string {
  const params = message.lastIndexOf('\nparams: ');
  if (message.startsWith('Failed query: ') && params >= 0) {
    const statement = /^Failed query: (\w+)/.exec(message)?.[1] ?? 'query';
    const table = /(?:into|update|from) "(\w+)"/.exec(message)?.[1] ?? '?';
    const tail = message.slice(params + 9);
    const reason = tail.includes(': ') ? tail.slice(tail.indexOf(': ') + 2) : 'no reason given';
    return `${statement} on ${table} failed: ${reason.replace(/\s+/g, ' ').slice(0, 120)}`;
  }
  return message.split('\n')[0]!.slice(0, 160);
}

/** pino's JSON lines at level error or above, each as `message (Type)`: the stack stays in the log. */
export function captureErrors(): { stream: { write(line: string): void }; take(): string[] } {
  let pending: string[] = [];
  return {
    stream: {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string } };
          if ((entry.level ?? 0) < 50) return;
          const message = entry.err?.message ? summariseError(entry.err.message) : (entry.msg ?? '');
          pending.push(`${message}${entry.err?.type ? ` (${entry.err.type})` : ''}`);
        } catch {
          // not a log line of ours
        }
      },
    },
    take() {
      const taken = pending;
      pending = [];
      return taken;
    },
  };
}

/** Sign-in limits out of the way: the fuzz signs in and fails sign-ins on purpose, many times. */
export function relaxLoginLimits(config: Config): Config {
  const limits = (config as unknown as { loginLimits?: Record<string, unknown> }).loginLimits;
  if (!limits) return config;
  const relaxed = Object.fromEntries(
    Object.entries(limits).map(([name, value]) =>
      typeof value === 'number' && !/window|minutes|seconds|delay|ms$/i.test(name) ? [name, 1_000_000] : [name, value],
    ),
  );
  return { ...config, loginLimits: relaxed } as unknown as Config;
}

export interface FuzzServer {
  app: FastifyInstance;
  db: Database;
  target: Target;
  config: Config;
  errors: ReturnType<typeof captureErrors>;
  close(): Promise<void>;
}

/** The app on `db` (already migrated and seeded), listening on 127.0.0.1 on a free port. */
export async function listen(db: Database, config: Config): Promise<FuzzServer> {
  const errors = captureErrors();
  const app = await buildApp({
    config: { ...relaxLoginLimits(config), logLevel: 'error' },
    db,
    logStream: errors.stream,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return {
    app,
    db,
    config,
    errors,
    target: { host: '127.0.0.1', port: address.port },
    close: () => app.close(),
  };
}
