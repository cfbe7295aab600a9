import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '@canteiro/shared/core';
import type { CanteiroModule } from '@canteiro/shared/core';
import { Logo, NavItem, visibleMenu } from '@canteiro/shared/ui';
import { MUTED_TEXT } from '../../components/colours';
import { UserBlock } from './user-block';

/** Home always; the current module's menu, filtered by permission; the user block at the foot. */
export function Sidebar({ module }: { module: CanteiroModule | null }) {
  const { t } = useTranslation('host');
  const user = useSession((state) => state.user);
  const entries = module ? visibleMenu(module.menu, user?.permission_set.value) : [];
  return (
    <>
      <div style={{ padding: '18px 14px 12px' }}>
        <Logo size={28} />
      </div>
      <nav aria-label={t('sidebar.navigation')} style={{ flex: 1, overflowY: 'auto', padding: '4px 4px' }}>
        <NavItem to="/home" labelKey="host:sidebar.home" icon={<HomeOutlined />} end />
        {module ? (
          <>
            <div
              style={{
                fontSize: 11,
                textTransform: 'uppercase',
                letterSpacing: 0.8,
                color: MUTED_TEXT,
                margin: '18px 8px 6px',
              }}
            >
              {t('sidebar.menu')}
            </div>
            <div data-testid="module-menu" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              {entries.map((entry) => (
                <NavItem
                  key={entry.to}
                  to={entry.to ? `${module.basePath}/${entry.to}` : module.basePath}
                  labelKey={`${module.namespace}:${entry.labelKey}`}
                  icon={entry.icon}
                  end={entry.to === ''}
                />
              ))}
            </div>
          </>
        ) : null}
      </nav>
      <UserBlock />
    </>
  );
}
