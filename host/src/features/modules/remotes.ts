import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { addTranslations } from '@canteiro/shared/core';
import type { CanteiroModule, ModuleId } from '@canteiro/shared/core';

/**
 * The host is built without remote URLs (ARCHITECTURE.md §2): it reads them from the
 * server's /remotes.json at run time, so a module is redeployed without a host release.
 */
export const MODULE_IDS: ModuleId[] = ['admin', 'management', 'dash'];

type RemotesConfig = Record<ModuleId, { entry: string }>;

let registered: Promise<void> | null = null;

async function registerFromConfig(force: boolean): Promise<void> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const config = (await response.json()) as RemotesConfig;
  registerRemotes(
    MODULE_IDS.map((id) => ({ name: id, entry: new URL(config[id].entry, window.location.href).toString() })),
    { force },
  );
}

/** Loads a module's `./module`, adding its translations; `retry` re-registers the remotes first. */
export async function loadModule(id: ModuleId, retry = false): Promise<CanteiroModule> {
  if (!registered || retry) registered = registerFromConfig(retry);
  try {
    await registered;
  } catch (error) {
    registered = null;
    throw error;
  }
  const loaded = await loadRemote<{ default: CanteiroModule }>(`${id}/module`);
  if (!loaded?.default) throw new Error(`module ${id} exposed nothing`);
  addTranslations(loaded.default.namespace, loaded.default.translations);
  return loaded.default;
}
