import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import { decide } from './guard';
import type { RouteMeta } from './route-meta';
import { useDocumentMeta } from './document-meta';
import { NotFoundPage } from '../features/errors/not-found-page';
import { PageLoading } from '../components/page-loading';

/** The fade of spec §2: each view fades in when the path changes. */
export function Fade({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="canteiro-fade" style={{ height: '100%' }}>
      {children}
    </div>
  );
}

function Titled({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  useDocumentMeta(meta.titleKey, meta.descriptionKey);
  return <>{children}</>;
}

/**
 * Every route, the host's and the modules', passes through here: the guard decides, the
 * document title follows the metadata, the lazy screen gets a spinner.
 */
export function RouteView({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const location = useLocation();
  const decision = decide(meta, { token, user });
  if (decision.kind === 'redirect') {
    return (
      <Navigate to={decision.to} replace state={decision.to === '/login' ? { from: location.pathname } : undefined} />
    );
  }
  if (decision.kind === 'not-found') return <NotFoundPage />;
  return (
    <Titled meta={meta}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </Titled>
  );
}
