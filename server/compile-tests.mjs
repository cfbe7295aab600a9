// The server suites run as JavaScript: this compiles src/, test/, fuzz/, bench/ and shared's
// domain (transpiled by esbuild, no type check: `pnpm typecheck` does that) into .test-build/,
// beside src/ so every path a module derives from its own place (the migrations, the PGlite
// worker, the repository root) means the same there. Each test file otherwise paid tsx's
// loader in its process and again in its PGlite worker: ~1.5 s of CPU a file, 65 files,
// two databases (docs/testing.md, "Compiled suites").
import { build } from 'esbuild';
import { readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const server = import.meta.dirname;
const out = path.join(server, '.test-build');
const sharedDomain = path.resolve(server, '..', 'shared', 'src', 'domain');
const FOLDERS = ['src', 'test', 'fuzz', 'bench'];

const sources = (folder) =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.includes('__tests__'))
    .map((name) => path.join(folder, name));

const started = Date.now();
rmSync(out, { recursive: true, force: true });
const options = { format: 'esm', platform: 'node', target: 'node20', sourcemap: 'inline', logLevel: 'warning' };
await Promise.all([
  build({
    ...options,
    entryPoints: FOLDERS.flatMap((folder) => sources(path.join(server, folder))),
    outbase: server,
    outdir: out,
  }),
  build({
    ...options,
    entryPoints: sources(sharedDomain),
    outbase: sharedDomain,
    outdir: path.join(out, 'shared-domain'),
  }),
]);

// `@canteiro/shared/domain` is shared's TypeScript under tsx; here, its compiled copy.
for (const folder of FOLDERS) {
  for (const name of readdirSync(path.join(out, folder), { recursive: true }).map(String)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(out, folder, name);
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@canteiro/shared/domain')) continue;
    // Every file is at least one folder below .test-build, so the path starts with '../'.
    const target = path.relative(path.dirname(file), path.join(out, 'shared-domain', 'index.js'));
    writeFileSync(file, text.replaceAll(/(["'])@canteiro\/shared\/domain\1/g, JSON.stringify(target)));
  }
}
// server/drizzle, as src/db/driver.ts finds it from src/db/ (two folders up).
symlinkSync(path.join('..', 'drizzle'), path.join(out, 'drizzle'));
console.log(`compile-tests: .test-build in ${((Date.now() - started) / 1000).toFixed(1)} s`);
