import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { LanguageSelector, Logo } from '@canteiro/shared/ui';
import { MUTED_TEXT } from '../../components/colours';
import { CONTENT_ID, SkipLink } from '../../components/skip-link';

/** The bare, centred frame of the login and password screens: a header, then the card as the page's main content. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateRows: 'auto 1fr',
        background: 'linear-gradient(160deg, #eef5ee 0%, #f7f8f7 55%, #e9efe9 100%)',
      }}
    >
      <SkipLink />
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '20px 32px' }}>
        <Logo size={32} />
        <LanguageSelector />
      </header>
      <main
        id={CONTENT_ID}
        tabIndex={-1}
        style={{ display: 'grid', placeItems: 'center', padding: 24, outline: 'none' }}
      >
        <section
          style={{
            width: 420,
            padding: 32,
            background: '#fff',
            borderRadius: 10,
            border: '1px solid #e6ebe6',
            boxShadow: '0 10px 40px #1b3a1c14',
          }}
        >
          <Typography.Title level={1} style={{ marginTop: 0, marginBottom: subtitle ? 4 : 24, fontSize: 24 }}>
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Paragraph style={{ marginBottom: 24, color: MUTED_TEXT }}>{subtitle}</Typography.Paragraph>
          ) : null}
          {children}
        </section>
      </main>
    </div>
  );
}
