import { create } from 'zustand';
import type { CanteiroModule, ModuleId } from '@canteiro/shared/core';
import { loadModule } from './remotes';

export type ModuleState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** `reloaded`: these files came from an automatic reload, and none of its pages has arrived since. */
  | { status: 'ready'; module: CanteiroModule; reloaded: boolean }
  /** A chunk of `module` failed: its files are being fetched anew while its sidebar stays. */
  | { status: 'reloading'; module: CanteiroModule }
  | { status: 'error'; error: string };

interface ModulesState {
  modules: Partial<Record<ModuleId, ModuleState>>;
  ensure: (id: ModuleId) => void;
  retry: (id: ModuleId) => void;
  /**
   * A page of a loaded module could not fetch its files (a redeploy replaced them): reloads
   * the module, once — not when its files come from such a reload and no page has arrived
   * since (they fail too): the error panel stays then, never a loop.
   */
  reloadAfterChunkFailure: (id: ModuleId) => void;
  /** A page of the module is on screen: its files work, a later failure may reload again. */
  pageArrived: (id: ModuleId) => void;
}

/** The loading state of each module: loaded once per page, reloaded on demand or after a redeploy. */
export const useModules = create<ModulesState>((set, get) => {
  const put = (id: ModuleId, state: ModuleState) => set((store) => ({ modules: { ...store.modules, [id]: state } }));
  const start = (id: ModuleId, reload: boolean, pending: ModuleState) => {
    put(id, pending);
    loadModule(id, reload).then(
      (module) => put(id, { status: 'ready', module, reloaded: pending.status === 'reloading' }),
      (error: unknown) => put(id, { status: 'error', error: String(error) }),
    );
  };
  return {
    modules: {},
    ensure: (id) => {
      const current = get().modules[id];
      if (!current || current.status === 'idle') start(id, false, { status: 'loading' });
    },
    retry: (id) => start(id, true, { status: 'loading' }),
    reloadAfterChunkFailure: (id) => {
      const current = get().modules[id];
      if (current?.status === 'ready' && !current.reloaded) {
        start(id, true, { status: 'reloading', module: current.module });
      }
    },
    pageArrived: (id) => {
      const current = get().modules[id];
      if (current?.status === 'ready' && current.reloaded) put(id, { ...current, reloaded: false });
    },
  };
});
