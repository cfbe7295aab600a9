import { lazy, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { setLoginRedirect } from '@canteiro/shared/core';
import { MOBILE_BLOCK_WIDTH } from '@canteiro/shared/domain';
import { ModuleProviders } from '@canteiro/shared/ui';
import { RouteView, Fade } from './route-view';
import { hostRoutes } from './route-meta';
import { NotFoundPage } from '../features/errors/not-found-page';
import { ModuleOutlet } from '../features/modules/module-outlet';
import { NotificationStack } from '../features/notifications/notification-stack';
import { SmallScreenBlock } from '../features/small-screen/small-screen-block';
import { useWindowWidth } from '../features/small-screen/use-window-width';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const PasswordPage = lazy(() => import('../features/auth/password-page'));
const HomePage = lazy(() => import('../features/home/home-page'));

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
          <AppRoutes />
        </BrowserRouter>
      )}
      <NotificationStack />
    </ModuleProviders>
  );
}
