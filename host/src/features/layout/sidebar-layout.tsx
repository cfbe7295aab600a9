import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { CanteiroModule } from '@canteiro/shared/core';
import { navColors } from '@canteiro/shared/core';
import { PageLoading } from '../../components/page-loading';
import { Sidebar } from './sidebar';
import { CONTENT_ID, SkipLink } from '../../components/skip-link';

/** Spec §2: the sidebar's share of the window's width; the content takes the rest. */
export const SIDEBAR_SHARE = '14%';

/**
 * Module routes live here (spec §2): the sidebar takes exactly 14 % of the width (neither
 * shrunk by the content nor grown by a long label), the content the other 86 %. A screen
 * still loading shows its spinner inside the content, so the shell stays in place.
 */
export function SidebarLayout({ module, children }: { module: CanteiroModule | null; children: ReactNode }) {
  return (
    // The class names: the shell on paper (global-styles.ts), content whole and no sidebar.
    <div className="canteiro-shell" style={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
      <SkipLink />
      <aside
        className="canteiro-sidebar"
        data-testid="sidebar"
        style={{
          flex: `0 0 ${SIDEBAR_SHARE}`,
          width: SIDEBAR_SHARE,
          minWidth: SIDEBAR_SHARE,
          maxWidth: SIDEBAR_SHARE,
          boxSizing: 'border-box',
          background: navColors.sidebarBackground,
          borderRight: `1px solid ${navColors.border}`,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Sidebar module={module} />
      </aside>
      <main
        id={CONTENT_ID}
        tabIndex={-1}
        data-testid="content"
        className="canteiro-content"
        style={{
          flex: '1 1 0',
          minWidth: 0,
          boxSizing: 'border-box',
          overflow: 'auto',
          padding: '24px 32px',
          outline: 'none',
        }}
      >
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
    </div>
  );
}
