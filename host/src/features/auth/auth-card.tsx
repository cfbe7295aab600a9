import type { ReactNode } from 'react';
import { Logo } from '@canteiro/shared/ui';
import { CONTENT_ID, SkipLink } from '../../components/skip-link';
import { LanguageMenu } from './language-menu';
import './auth-styles';

/**
 * The bare, centred frame of the login and password screens: a header, then the card as the
 * page's main content. No antd in it: the login page draws it before antd is loaded.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div
      className="canteiro-auth"
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
        <LanguageMenu />
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
          <h1 style={{ marginBottom: subtitle ? 4 : 24 }}>{title}</h1>
          {subtitle ? <p className="canteiro-auth-subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </main>
    </div>
  );
}
