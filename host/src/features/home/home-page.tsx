import { AppstoreOutlined, BarChartOutlined, KeyOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { navColors, themeTokens, useSession } from '@canteiro/shared/core';
import { LanguageSelector, Logo } from '@canteiro/shared/ui';
import { MUTED_TEXT } from '../../components/colours';
import { Avatar } from '../../components/avatar';
import { CONTENT_ID, SkipLink } from '../../components/skip-link';
import { displayName } from '../../components/user-display';
import { useLogout } from '../../components/use-logout';

const MODULES: { id: 'management' | 'dash' | 'admin'; to: string; icon: ReactNode; colour: string }[] = [
  { id: 'management', to: '/management', icon: <AppstoreOutlined />, colour: themeTokens.colorPrimary },
  { id: 'dash', to: '/dash', icon: <BarChartOutlined />, colour: '#1f6fb2' },
  { id: 'admin', to: '/admin', icon: <SettingOutlined />, colour: '#8a5a00' },
];

/** Home (spec §2): the three modules. */
export default function HomePage() {
  const { t } = useTranslation(['host', 'common']);
  const user = useSession((state) => state.user);
  const { logout, loggingOut } = useLogout();
  const navigate = useNavigate();
  if (!user) return null;
  const toPassword = () => navigate('/password');
  return (
    <div style={{ minHeight: '100vh', background: '#f4f6f4' }}>
      <SkipLink />
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '14px 40px',
          background: '#fff',
          borderBottom: `1px solid ${navColors.border}`,
        }}
      >
        <Logo size={30} />
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <LanguageSelector />
          <Button type="text" icon={<KeyOutlined aria-hidden />} onClick={toPassword}>
            {t('host:sidebar.changePassword')}
          </Button>
          <Avatar user={user} size={32} />
          <Button data-testid="logout" onClick={() => void logout()} loading={loggingOut}>
            {t('host:sidebar.logout')}
          </Button>
        </div>
      </header>
      <main
        id={CONTENT_ID}
        tabIndex={-1}
        style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 40px', outline: 'none' }}
      >
        <Typography.Title level={1} style={{ marginBottom: 4, fontSize: 30 }}>
          {t('host:home.greeting', { name: displayName(user) })}
        </Typography.Title>
        <Typography.Paragraph style={{ fontSize: 16, color: MUTED_TEXT }}>{t('host:home.choose')}</Typography.Paragraph>
        <div
          data-testid="home-modules"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 24, marginTop: 24 }}
        >
          {MODULES.map((module) => (
            // The card pattern: the title is the link (its name is the words shown), stretched
            // over the whole card by the canteiro-card-link rule so the card stays one click.
            <div
              key={module.id}
              className="canteiro-module-card"
              style={{
                position: 'relative',
                height: '100%',
                padding: 24,
                background: '#fff',
                borderRadius: 10,
                border: '1px solid #e6ebe6',
                borderTop: `4px solid ${module.colour}`,
              }}
            >
              <div aria-hidden style={{ fontSize: 32, color: module.colour, marginBottom: 12 }}>
                {module.icon}
              </div>
              <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
                <Link
                  to={module.to}
                  className="canteiro-card-link"
                  style={{ color: 'inherit' }}
                  aria-describedby={`home-module-${module.id}-description`}
                >
                  {t(`host:home.modules.${module.id}.title`)}
                </Link>
              </Typography.Title>
              <Typography.Paragraph
                id={`home-module-${module.id}-description`}
                style={{ minHeight: 66, marginBottom: 12, color: MUTED_TEXT }}
              >
                {t(`host:home.modules.${module.id}.description`)}
              </Typography.Paragraph>
              <span aria-hidden style={{ color: module.colour, fontWeight: 600 }}>
                {t('host:home.open')} →
              </span>
            </div>
          ))}
        </div>
      </main>
    </div>
  );
}

/**
 * The antd controls home draws (its language select, buttons and text), with nothing in them: the
 * login page draws them hidden while the person types (app/login-start.tsx), so that antd derives
 * its theme and writes their styles then, not between the sign-in's answer and home drawn. No
 * heading, label or test id: the page keeps one of each.
 */
export function HomeControls() {
  return (
    <>
      <Select options={[]} />
      <Button type="text" icon={<KeyOutlined />} />
      <Button loading={false} />
      <Typography.Text />
    </>
  );
}
