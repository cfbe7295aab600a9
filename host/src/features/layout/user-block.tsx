import { useEffect, useRef, useState } from 'react';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import { USER_PANEL_REVEAL_MS } from '@canteiro/shared/domain';
import { navColors } from '@canteiro/shared/core';
import { Avatar } from './avatar';
import { displayName } from './user-display';
import { useLogout } from '../auth/use-logout';

/** The user block at the foot of the sidebar (spec §2 and §4). */
export function UserBlock() {
  const { t } = useTranslation('host');
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const { logout, loggingOut } = useLogout();
  const [revealed, setRevealed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const blockRef = useRef<HTMLDivElement>(null);

  // A loading indicator first; the panel about 300 ms after the user is read.
  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => setRevealed(true), USER_PANEL_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [user]);

  // The avatar menu closes on a click anywhere outside it.
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent) => {
      if (!blockRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [menuOpen]);

  if (!user || !revealed) {
    return (
      <div data-testid="user-loading" style={{ padding: 16, borderTop: `1px solid ${navColors.border}` }}>
        <Skeleton avatar={{ size: 36 }} title={false} paragraph={{ rows: 1, width: '70%' }} active />
      </div>
    );
  }

  return (
    <div
      ref={blockRef}
      data-testid="user-block"
      style={{
        position: 'relative',
        padding: '12px 12px',
        borderTop: `1px solid ${navColors.border}`,
        display: 'flex',
        alignItems: 'center',
        gap: 10,
      }}
    >
      <button
        type="button"
        aria-label={t('sidebar.userMenu')}
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen((open) => !open)}
        style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', borderRadius: '50%' }}
      >
        <Avatar user={user} />
      </button>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div
          data-testid="user-name"
          style={{ fontWeight: 600, fontSize: 13, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {displayName(user)}
        </div>
        <div
          style={{ fontSize: 11, color: '#6b7280', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {t(`lists:profile.${user.permission_set.value}`, { defaultValue: user.permission_set.label })}
        </div>
      </div>
      <Tooltip title={t('sidebar.logout')} placement="top">
        <Button
          aria-label={t('sidebar.logout')}
          data-testid="logout"
          type="text"
          icon={<LogoutOutlined />}
          loading={loggingOut}
          onClick={() => void logout()}
        />
      </Tooltip>
      {menuOpen ? (
        <div
          role="menu"
          data-testid="avatar-menu"
          style={{
            position: 'absolute',
            bottom: 'calc(100% + 6px)',
            left: 10,
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 6px 24px #0002',
            padding: 4,
            minWidth: 180,
            zIndex: 10,
          }}
        >
          <Button
            role="menuitem"
            type="text"
            block
            icon={<KeyOutlined />}
            style={{ justifyContent: 'flex-start' }}
            onClick={() => {
              setMenuOpen(false);
              navigate('/password');
            }}
          >
            {t('sidebar.changePassword')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
