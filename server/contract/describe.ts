import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';

/**
 * The OpenAPI description exactly as a running server publishes it at /api/docs/json: the
 * app is built (on an empty in-memory database it never queries) and asked for it.
 * `node … contract/describe.ts [file]` writes it (contract/generated/openapi.json by default).
 */
export async function describeApi(): Promise<Record<string, unknown>> {
  const db = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir: 'memory://' });
  try {
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: 'memory://', logLevel: 'silent' }, db });
    try {
      await app.ready();
      return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

export const GENERATED = path.join(import.meta.dirname, 'generated');

export async function writeDescription(file = path.join(GENERATED, 'openapi.json')): Promise<string> {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(await describeApi(), null, 2)}\n`);
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`written to ${await writeDescription(process.argv[2])}`);
}
