import { StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, Button, Card, Input, Space, Spin } from 'antd';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { addTranslations, authApi, navColors, toApiError, useSession } from '@canteiro/shared/core';
import type { CanteiroModule } from '@canteiro/shared/core';
import { NavItem } from './nav-item.js';
import { LanguageSelector } from './language-selector.js';
import { ModuleProviders } from './module-providers.js';
import { lazyPage } from './lazy-page.js';
import { visibleMenu } from './visible-menu.js';

const WorkInProgress = () => <p>Work in progress</p>;

function DevSignIn() {
  const [email, setEmail] = useState('admin@canteiro.test');
  const [password, setPassword] = useState('demo1234');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card title="Canteiro — standalone module" style={{ maxWidth: 380, margin: '80px auto' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {error ? <Alert type="error" title={error} /> : null}
        <Input value={email} onChange={(event) => setEmail(event.target.value)} aria-label="E-mail" />
        <Input.Password value={password} onChange={(event) => setPassword(event.target.value)} aria-label="Password" />
        <Button
          type="primary"
          block
          onClick={() =>
            authApi.login({ email, password }).catch(async (cause) => setError((await toApiError(cause)).message))
          }
        >
          Sign in
        </Button>
      </Space>
    </Card>
  );
}

/**
 * Runs one module on its own (`pnpm --filter remote-<id> dev`), for the team that builds it:
 * a plain frame with the module's menu and routes, against the API proxied by the dev server.
 * In the product the host mounts the module instead.
 */
export function StandaloneShell({ module }: { module: CanteiroModule }) {
  addTranslations(module.namespace, module.translations);
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const { Providers } = module;
  if (!token || !user) {
    return (
      <ModuleProviders>
        <DevSignIn />
      </ModuleProviders>
    );
  }
  const pages = module.routes.map((route) => ({
    route,
    Page: lazyPage(route, WorkInProgress),
  }));
  return (
    <Providers>
      <BrowserRouter>
        <div style={{ display: 'flex', minHeight: '100vh' }}>
          <nav
            style={{
              width: 240,
              padding: 12,
              borderRight: `1px solid ${navColors.border}`,
              display: 'flex',
              flexDirection: 'column',
              gap: 2,
            }}
          >
            <LanguageSelector size="small" />
            {visibleMenu(module.menu, user.permission_set.value).map((entry) => (
              <NavItem
                key={entry.to}
                to={`${module.basePath}/${entry.to}`.replace(/\/$/, '')}
                labelKey={`${module.namespace}:${entry.labelKey}`}
                icon={entry.icon}
                end={entry.to === ''}
              />
            ))}
          </nav>
          <main style={{ flex: 1, padding: 24 }}>
            <Suspense fallback={<Spin />}>
              <Routes>
                {pages.map(({ route, Page }) => (
                  <Route
                    key={route.path}
                    path={`${module.basePath}/${route.path}`.replace(/\/$/, '')}
                    element={<Page />}
                  />
                ))}
                <Route path="*" element={<p>Open {module.basePath}</p>} />
              </Routes>
            </Suspense>
          </main>
        </div>
      </BrowserRouter>
    </Providers>
  );
}

/** A remote's standalone entry: renders its module in the shell above into #root. */
export function renderStandalone(module: CanteiroModule): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <StandaloneShell module={module} />
    </StrictMode>,
  );
}
