// The Node side's build (the server, and shared's domain it imports at run time): each
// TypeScript file of a folder transpiled to JavaScript beside its source map, one output file
// per input, as `tsc` emitted them, by esbuild and without a type check. `pnpm typecheck` is
// that check, a gate that runs before the build (docs/server.md, "Decisions"): `tsc` emitting
// the server and shared's domain took ~20 CPU-seconds of the build for what the gate had
// already checked. Usage: `node transpile.mjs <from> <to>`, or `transpile(from, to)`.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every `.ts` file under `from` (not declarations, not tests) into `to`, the old `to` removed first. */
export async function transpile(from, to) {
  const entryPoints = readdirSync(from, { recursive: true })
    .map(String)
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .filter((name) => !name.split(path.sep).includes('__tests__') && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(from, name));
  rmSync(to, { recursive: true, force: true });
  await build({
    entryPoints,
    outbase: from,
    outdir: to,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  return entryPoints.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error('usage: node transpile.mjs <from> <to>');
    process.exit(2);
  }
  const started = Date.now();
  const files = await transpile(path.resolve(from), path.resolve(to));
  console.log(`transpile: ${files} files, ${from} → ${to}, in ${Date.now() - started} ms`);
}
