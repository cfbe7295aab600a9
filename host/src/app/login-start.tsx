import { StrictMode, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { useSession } from '@canteiro/shared/core';
import { MOBILE_BLOCK_WIDTH } from '@canteiro/shared/domain';
import './base-styles';
import { useDocumentMeta } from './document-meta';
import { loadHome, loadedHomeControls } from './home-chunk';
import { hostRoutes } from './route-meta';
import { LoginForm } from '../features/auth/login-form';
import type { SignedIn } from '../features/auth/login-form';
import { useWindowWidth } from '../features/small-screen/use-window-width';
import type * as Shell from './mount';

/**
 * The login page's start (docs/frontend.md, "Start path"): the form alone, with React, i18n and
 * the core, and none of antd or the router. The shell (./mount) is fetched once the person
 * starts on the form, and home's antd controls are drawn hidden then (antd's theme and their
 * styles computed while the person types). The shell takes the page over after the sign-in,
 * on a narrow window (its small-screen block), or at once for a visitor already signed in (at
 * home, where its guard would send them).
 */
let shell: Promise<typeof Shell> | undefined;
/** The shell's chunk, fetched once; a failed fetch is asked again next time (a deploy, a lost line). */
const loadShell = () =>
  (shell ??= import('./mount').catch((error: unknown) => {
    shell = undefined;
    throw error;
  }));

/** A page's start on its root: the shell's hand-over, and home's controls drawn ahead of it. */
export interface PageStart {
  /** Fetches the shell and home's chunk (once), then draws home's antd controls, hidden. */
  prepare: () => Promise<unknown>;
  /** Gives the page to the shell, at `next` if the sign-in says where. */
  handOver: (next?: SignedIn) => Promise<void>;
}

/** How a start reaches the shell, and leaves the page for another when the shell does not come. */
interface StartWays {
  loadShell: () => Promise<typeof Shell>;
  leave: (to: string) => void;
}

export function pageStart(
  root: Root,
  { loadShell: load = loadShell, leave = (to) => window.location.assign(to) }: Partial<StartWays> = {},
): PageStart {
  let drawnAhead: Promise<() => void> | undefined;
  return {
    prepare: () =>
      (drawnAhead ??= Promise.all([load(), loadHome()])
        .then(([{ drawAhead }]) => {
          const Controls = loadedHomeControls();
          return Controls ? drawAhead(Controls) : () => undefined;
        })
        .catch((error: unknown) => {
          drawnAhead = undefined;
          throw error;
        })),
    async handOver(next) {
      let mountApp: typeof Shell.mountApp;
      try {
        ({ mountApp } = await load());
      } catch {
        // The shell's files did not come: a page load there asks for everything anew (the
        // session is kept). Without a place to go, the login form stays as it is.
        if (next) leave(next.to);
        return;
      }
      // Where the router starts: the history entry it reads, with its state (react-router's shape).
      if (next) window.history.replaceState({ usr: next.state ?? null, key: 'default', idx: 0 }, '', next.to);
      mountApp(root);
      // What was drawn ahead goes once the shell has drawn its own (they share antd's caches till then).
      void drawnAhead?.then((remove) => window.setTimeout(remove, 1000));
    },
  };
}

/** The page a guard's redirect to /login came from, kept in the history entry across a reload. */
function cameFrom(): string | undefined {
  const state = window.history.state as { usr?: { from?: unknown } } | null;
  return typeof state?.usr?.from === 'string' ? state.usr.from : undefined;
}

export function LoginStart({ start }: { start: PageStart }) {
  useDocumentMeta(hostRoutes.login.titleKey, hostRoutes.login.descriptionKey);
  const narrow = useWindowWidth() < MOBILE_BLOCK_WIDTH;
  useEffect(() => {
    if (narrow) void start.handOver();
  }, [narrow, start]);
  return (
    <div className="canteiro-fade" style={{ height: '100%' }}>
      <LoginForm
        from={cameFrom()}
        prepare={() => start.prepare()}
        onSignedIn={(next) => void start.handOver(next)}
        onFirstInput={() => void start.prepare().catch(() => undefined)}
      />
    </div>
  );
}

/** Draws the login form on `root`, or hands the page to the shell for a visitor already signed in. */
export function startLogin(root: Root): void {
  const start = pageStart(root);
  // Home, where the shell's guard would send a signed-in visitor of the login page.
  if (useSession.getState().token) void start.handOver({ to: '/home' });
  else
    root.render(
      <StrictMode>
        <LoginStart start={start} />
      </StrictMode>,
    );
}
