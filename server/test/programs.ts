import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's folder as the suite runs: server/, or server/.test-build/ when compiled (compile-tests.mjs). */
export const serverFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const compiled = import.meta.url.endsWith('.js');

/**
 * Node's arguments that run one of the server's programs (`src/main`, `src/cli/admin`) with
 * `args` from serverFolder: its compiled JavaScript in a compiled suite, its TypeScript
 * through tsx otherwise (one file run by hand).
 */
export function program(entry: string, ...args: string[]): string[] {
  return compiled
    ? [`${entry}.js`, ...args]
    : ['--conditions=canteiro-source', '--import', 'tsx', `${entry}.ts`, ...args];
}
