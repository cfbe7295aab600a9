import { Suspense, lazy, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { setLoginRedirect, useSession } from '@canteiro/shared/core';
import type { ModuleId } from '@canteiro/shared/core';
import { MOBILE_BLOCK_WIDTH } from '@canteiro/shared/domain';
import { ModuleProviders } from '@canteiro/shared/ui';
import { RouteView, Fade } from './route-view';
import { hostRoutes } from './route-meta';
import { PageLoading } from '../components/page-loading';
import { loadHome, loadedHome } from './home-chunk';
import { NotFoundPage } from '../features/errors/not-found-page';
import { NotificationStack } from '../features/notifications/notification-stack';
import { SmallScreenBlock } from '../features/small-screen/small-screen-block';
import { useWindowWidth } from '../features/small-screen/use-window-width';
import { useModules } from '../features/modules/module-store';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const PasswordPage = lazy(() => import('../features/auth/password-page'));
const LazyHome = lazy(() => loadHome().then((Home) => ({ default: Home })));
/** Home, rendered directly once its chunk is in (the sign-in fetched it): no suspension, no reveal throttle. */
function HomePage() {
  const Home = loadedHome();
  return Home ? <Home /> : <LazyHome />;
}
// The modules' shell (sidebar, avatar, the server-state cache) is not the login page's business:
// a signed-in page fetches it at once, the login form never (docs/frontend.md, "Server state").
const loadModuleOutlet = () => import('./module-outlet');
const LazyModuleOutlet = lazy(() => loadModuleOutlet().then((module) => ({ default: module.ModuleOutlet })));
function ModuleOutlet({ id }: { id: ModuleId }) {
  const signedIn = useSession((state) => Boolean(state.token && state.user));
  // A head start: the module's own files load beside the shell's chunk, not after it arrives.
  // The outlet asks for them again when it renders (ensure is idempotent), as it must alone.
  useEffect(() => {
    if (signedIn) useModules.getState().ensure(id);
  }, [signedIn, id]);
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyModuleOutlet id={id} />
    </Suspense>
  );
}

/**
 * The shell's chunk for the first module a signed-in person opens, fetched once the page is
 * idle: right after the sign-in it competed with home's first render for the main thread.
 */
export function PrefetchShell() {
  const signedIn = useSession((state) => Boolean(state.token));
  useEffect(() => {
    if (!signedIn) return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => void loadModuleOutlet(), 500);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => void loadModuleOutlet(), { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, [signedIn]);
  return null;
}

/** Lets the API client's 403 hook navigate inside the router instead of reloading the page. */
function LoginRedirect() {
  const navigate = useNavigate();
  useEffect(() => setLoginRedirect(() => navigate('/login', { replace: true })), [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/home" replace />} />
      <Route
        path="/login"
        element={
          <RouteView meta={hostRoutes.login}>
            <Fade>
              <LoginPage />
            </Fade>
          </RouteView>
        }
      />
      <Route
        path="/password"
        element={
          <RouteView meta={hostRoutes.password}>
            <Fade>
              <PasswordPage />
            </Fade>
          </RouteView>
        }
      />
      <Route
        path="/home"
        element={
          <RouteView meta={hostRoutes.home}>
            <Fade>
              <HomePage />
            </Fade>
          </RouteView>
        }
      />
      <Route path="/admin/*" element={<ModuleOutlet id="admin" />} />
      <Route path="/management/*" element={<ModuleOutlet id="management" />} />
      <Route path="/dash/*" element={<ModuleOutlet id="dash" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  const width = useWindowWidth();
  return (
    <ModuleProviders>
      {width < MOBILE_BLOCK_WIDTH ? (
        <SmallScreenBlock />
      ) : (
        <BrowserRouter>
          <LoginRedirect />
          <PrefetchShell />
          <AppRoutes />
        </BrowserRouter>
      )}
      <NotificationStack />
    </ModuleProviders>
  );
}
