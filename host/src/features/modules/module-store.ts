import { create } from 'zustand';
import type { CanteiroModule, ModuleId } from '@canteiro/shared/core';
import { loadModule } from './remotes';

export type ModuleState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; module: CanteiroModule }
  | { status: 'error'; error: string };

interface ModulesState {
  modules: Partial<Record<ModuleId, ModuleState>>;
  ensure: (id: ModuleId) => void;
  retry: (id: ModuleId) => void;
}

/** The loading state of each module: loaded once per page, retried on demand. */
export const useModules = create<ModulesState>((set, get) => {
  const start = (id: ModuleId, retry: boolean) => {
    set((state) => ({ modules: { ...state.modules, [id]: { status: 'loading' } } }));
    loadModule(id, retry).then(
      (module) => set((state) => ({ modules: { ...state.modules, [id]: { status: 'ready', module } } })),
      (error: unknown) =>
        set((state) => ({ modules: { ...state.modules, [id]: { status: 'error', error: String(error) } } })),
    );
  };
  return {
    modules: {},
    ensure: (id) => {
      const current = get().modules[id];
      if (!current || current.status === 'idle') start(id, false);
    },
    retry: (id) => start(id, true),
  };
});
