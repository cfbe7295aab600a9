/**
 * The ways a module's files fail to arrive, as the browser and the runtimes word them: a
 * webpack chunk (`ChunkLoadError: Loading chunk 1234 failed`), the federation runtime
 * (`RUNTIME-008`, `RUNTIME-003`…) or a native dynamic import (Chromium, Firefox, Safari).
 * After a module's redeploy these are what an open page meets: its previous build's chunk
 * names answer 404.
 */
const FILE_FAILURES = [
  /Loading (CSS )?chunk \S+ failed/i,
  /\bRUNTIME-\d{3}\b/,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
];

/** True when `error` says some of a module's files could not be loaded, rather than that its code threw. */
export function isChunkLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return FILE_FAILURES.some((pattern) => pattern.test(error.message));
}
