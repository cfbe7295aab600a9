import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { addTranslations, i18n } from '@canteiro/shared/core';
import type { CanteiroModule, ModuleId } from '@canteiro/shared/core';

/**
 * The host is built without remote URLs (ARCHITECTURE.md §2): it reads them from the
 * server's /remotes.json at run time, so a module is redeployed without a host release.
 */
export const MODULE_IDS: ModuleId[] = ['admin', 'management', 'dash'];

type RemotesConfig = Record<ModuleId, { entry: string }>;

let registered: Promise<void> | null = null;

/**
 * A remote's webpack runtime keeps the chunks it has run in `self.webpackChunk<uniqueName>`
 * (the module id, shared/webpack.cjs). A new build's remoteEntry.js would adopt that list and
 * take the previous build's chunks as its own, `./module` included: the old definition would
 * come back. Forgetting it makes the new build start clean.
 */
function forgetLoadedChunks(id: ModuleId): void {
  delete (window as unknown as Record<string, unknown>)[`webpackChunk${id}`];
}

async function registerFromConfig(reload: ModuleId | null): Promise<void> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const config = (await response.json()) as RemotesConfig;
  const remote = (id: ModuleId) => ({ name: id, entry: new URL(config[id].entry, window.location.href).toString() });
  // Modules already registered stay as they are; only the one being reloaded is replaced.
  registerRemotes(MODULE_IDS.filter((id) => id !== reload).map(remote));
  if (reload) {
    forgetLoadedChunks(reload);
    registerRemotes([remote(reload)], { force: true });
  }
}

/**
 * Loads a module's `./module` and adds its translations. `reload`: the module's files are
 * fetched anew (its manifest, remoteEntry.js and chunks, from the URL /remotes.json gives
 * now), after it failed to load or after a redeploy left the open page with chunk names that
 * no longer exist; the other modules are not touched, nor the shared singletons they use.
 */
export async function loadModule(id: ModuleId, reload = false): Promise<CanteiroModule> {
  if (!registered || reload) registered = registerFromConfig(reload ? id : null);
  try {
    await registered;
  } catch (error) {
    registered = null;
    throw error;
  }
  const loaded = await loadRemote<{ default: CanteiroModule }>(`${id}/module`);
  if (!loaded?.default) throw new Error(`module ${id} exposed nothing`);
  const module = loaded.default;
  // A reloaded module brings its new build's words; addTranslations keeps a namespace it already has.
  if (reload) {
    for (const locale of Object.keys(module.translations)) i18n.removeResourceBundle(locale, module.namespace);
  }
  addTranslations(module.namespace, module.translations);
  return module;
}
