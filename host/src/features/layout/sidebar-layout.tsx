import type { ReactNode } from 'react';
import type { CanteiroModule } from '@canteiro/shared/core';
import { navColors } from '@canteiro/shared/core';
import { Sidebar } from './sidebar';

/** Module routes live here (spec §2): the sidebar takes 14 % of the width, the content 86 %. */
export function SidebarLayout({ module, children }: { module: CanteiroModule | null; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
      <aside
        data-testid="sidebar"
        style={{
          width: '14%',
          minWidth: 0,
          background: navColors.sidebarBackground,
          borderRight: `1px solid ${navColors.border}`,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Sidebar module={module} />
      </aside>
      <main data-testid="content" style={{ width: '86%', overflow: 'auto', padding: '24px 32px' }}>
        {children}
      </main>
    </div>
  );
}
