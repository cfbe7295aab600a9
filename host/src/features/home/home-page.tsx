import { AppstoreOutlined, BarChartOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { navColors, useSession } from '@canteiro/shared/core';
import { LanguageSelector, Logo } from '@canteiro/shared/ui';
import { Avatar } from '../layout/avatar';
import { displayName } from '../layout/user-display';
import { useLogout } from '../auth/use-logout';

const MODULES: { id: 'management' | 'dash' | 'admin'; to: string; icon: ReactNode; colour: string }[] = [
  { id: 'management', to: '/management', icon: <AppstoreOutlined />, colour: '#2f7d32' },
  { id: 'dash', to: '/dash', icon: <BarChartOutlined />, colour: '#1f6fb2' },
  { id: 'admin', to: '/admin', icon: <SettingOutlined />, colour: '#8a5a00' },
];

/** Home (spec §2): the three modules. */
export default function HomePage() {
  const { t } = useTranslation(['host', 'common']);
  const user = useSession((state) => state.user);
  const { logout, loggingOut } = useLogout();
  if (!user) return null;
  return (
    <div style={{ minHeight: '100vh', background: '#f4f6f4' }}>
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
          <Link to="/password">{t('host:sidebar.changePassword')}</Link>
          <Avatar user={user} size={32} />
          <Button data-testid="logout" onClick={() => void logout()} loading={loggingOut}>
            {t('host:sidebar.logout')}
          </Button>
        </div>
      </header>
      <section style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 40px' }}>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('host:home.greeting', { name: displayName(user) })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          {t('host:home.choose')}
        </Typography.Paragraph>
        {user.permission_set.first_access ? (
          <Alert
            type="warning"
            showIcon
            title={t('host:login.firstAccess')}
            action={<Link to="/password">{t('host:sidebar.changePassword')}</Link>}
            style={{ marginBottom: 24 }}
          />
        ) : null}
        <div
          data-testid="home-modules"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 24, marginTop: 24 }}
        >
          {MODULES.map((module) => (
            <Link
              key={module.id}
              to={module.to}
              aria-label={t(`host:home.modules.${module.id}.title`)}
              style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}
            >
              <div
                className="canteiro-module-card"
                style={{
                  height: '100%',
                  padding: 24,
                  background: '#fff',
                  borderRadius: 10,
                  border: '1px solid #e6ebe6',
                  borderTop: `4px solid ${module.colour}`,
                }}
              >
                <div style={{ fontSize: 32, color: module.colour, marginBottom: 12 }}>{module.icon}</div>
                <Typography.Title level={4} style={{ marginTop: 0 }}>
                  {t(`host:home.modules.${module.id}.title`)}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ minHeight: 66, marginBottom: 12 }}>
                  {t(`host:home.modules.${module.id}.description`)}
                </Typography.Paragraph>
                <span style={{ color: module.colour, fontWeight: 600 }}>{t('host:home.open')} →</span>
              </div>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
