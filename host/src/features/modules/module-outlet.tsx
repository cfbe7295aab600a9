import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import type { CanteiroModule, ModuleId } from '@canteiro/shared/core';
import { lazyPage } from '@canteiro/shared/ui';
import { RouteView, Fade } from '../../app/route-view';
import { PageLoading } from '../../components/page-loading';
import { hostRoutes } from '../../app/route-meta';
import { NotFoundPage } from '../errors/not-found-page';
import { WorkInProgressPage } from '../errors/work-in-progress-page';
import { SidebarLayout } from '../layout/sidebar-layout';
import { ModuleErrorPanel } from './module-error-panel';
import { ModuleErrorBoundary } from './module-error-boundary';
import { useModules } from './module-store';

/** A key of the module's namespace, unless it names another (`common:routes.activityReport.title`). */
const qualify = (namespace: string, key: string) => (key.includes(':') ? key : `${namespace}:${key}`);

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
  const signedIn = Boolean(token && user);

  useEffect(() => {
    if (signedIn) ensure(id);
  }, [signedIn, ensure, id]);

  if (!signedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;

  if (state?.status === 'ready') {
    return (
      <ModuleErrorBoundary
        key={id}
        fallback={(reset) => (
          <SidebarLayout module={state.module}>
            <ModuleErrorPanel onRetry={reset} />
          </SidebarLayout>
        )}
      >
        <ModuleRoutes module={state.module} />
      </ModuleErrorBoundary>
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
