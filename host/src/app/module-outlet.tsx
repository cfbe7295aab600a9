import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import type { CanteiroModule, ModuleId } from '@canteiro/shared/core';
import { lazyPage } from '@canteiro/shared/ui';
import { RouteView, Fade } from './route-view';
import { PageLoading } from '../components/page-loading';
import { hostRoutes } from './route-meta';
import { NotFoundPage } from '../features/errors/not-found-page';
import { WorkInProgressPage } from '../features/errors/work-in-progress-page';
import { SidebarLayout } from '../features/layout/sidebar-layout';
import { ModuleErrorPanel } from '../features/modules/module-error-panel';
import { ModuleErrorBoundary } from '../features/modules/module-error-boundary';
import { useModules } from '../features/modules/module-store';
import type { ModuleState } from '../features/modules/module-store';
import { isChunkLoadFailure } from '../features/modules/chunk-failure';

/** A key of the module's namespace, unless it names another (`common:routes.activityReport.title`). */
const qualify = (namespace: string, key: string) => (key.includes(':') ? key : `${namespace}:${key}`);

/** Beside a page, inside its Suspense: its effect runs only once the page's files have arrived. */
function PageArrived({ id }: { id: ModuleId }) {
  const pageArrived = useModules((store) => store.pageArrived);
  useEffect(() => pageArrived(id), [pageArrived, id]);
  return null;
}

/** The module's files failed to arrive and were not just reloaded: the store reloads them (once). */
const willReload = (state: ModuleState, error: unknown) =>
  state.status === 'ready' && !state.reloaded && isChunkLoadFailure(error);

function ModuleRoutes({ module }: { module: CanteiroModule }) {
  const { Providers } = module;
  return (
    <Routes>
      {module.routes.map((route) => {
        const Page = lazyPage(route, WorkInProgressPage);
        const meta = {
          auth: 'required' as const,
          permission: route.permission,
          titleKey: qualify(module.namespace, route.titleKey),
          descriptionKey: qualify(module.namespace, route.descriptionKey),
        };
        return (
          <Route
            key={route.path || 'index'}
            index={route.path === ''}
            path={route.path === '' ? undefined : route.path}
            element={
              <RouteView meta={meta}>
                <SidebarLayout module={module}>
                  <Providers>
                    <Fade>
                      <Page />
                      <PageArrived id={module.id} />
                    </Fade>
                  </Providers>
                </SidebarLayout>
              </RouteView>
            }
          />
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * Everything under /admin, /management and /dash: loads the module at run time and shows
 * its routes inside the sidebar layout. A module that fails shows a panel with a retry,
 * inside the layout, while the rest of the product keeps working.
 */
export function ModuleOutlet({ id }: { id: ModuleId }) {
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const location = useLocation();
  const state = useModules((store) => store.modules[id]);
  const ensure = useModules((store) => store.ensure);
  const retry = useModules((store) => store.retry);
  const reloadAfterChunkFailure = useModules((store) => store.reloadAfterChunkFailure);
  const signedIn = Boolean(token && user);

  useEffect(() => {
    if (signedIn) ensure(id);
  }, [signedIn, ensure, id]);

  if (!signedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;

  if (state?.status === 'ready') {
    // A redeploy of the module (new chunk names) under the open page: its manifest is read
    // again and the page loads from the new build; if that fails too, the panel and its retry.
    return (
      <ModuleErrorBoundary
        key={id}
        onError={(error) => {
          if (isChunkLoadFailure(error)) reloadAfterChunkFailure(id);
        }}
        fallback={(error, reset) => (
          <SidebarLayout module={state.module}>
            {willReload(state, error) ? (
              <PageLoading />
            ) : (
              <ModuleErrorPanel onRetry={isChunkLoadFailure(error) ? () => retry(id) : reset} />
            )}
          </SidebarLayout>
        )}
      >
        <ModuleRoutes module={state.module} />
      </ModuleErrorBoundary>
    );
  }
  if (state?.status === 'reloading') {
    return (
      <SidebarLayout module={state.module}>
        <PageLoading />
      </SidebarLayout>
    );
  }
  return (
    <RouteView meta={hostRoutes.home}>
      <SidebarLayout module={null}>
        {state?.status === 'error' ? <ModuleErrorPanel onRetry={() => retry(id)} /> : <PageLoading />}
      </SidebarLayout>
    </RouteView>
  );
}
