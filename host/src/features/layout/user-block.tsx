import { useEffect, useState } from 'react';
import { LogoutOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@canteiro/shared/core';
import { USER_PANEL_REVEAL_MS } from '@canteiro/shared/domain';
import { navColors } from '@canteiro/shared/core';
import { MUTED_TEXT } from '../../components/colours';
import { AvatarMenu } from './avatar-menu';
import { displayName } from '../../components/user-display';
import { useLogout } from '../../components/use-logout';

// The sign-ins (tokens) whose panel has been revealed once: "about 300 ms after the user is
// read" happens once per sign-in, not again each time the sidebar is mounted (a module
// arriving) nor when the stored user is replaced (the user edits its own name).
const revealed = new Set<string>();

/**
 * The user block at the foot of the sidebar (spec §2 and §4). Two rows, so that at 14 % of a
 * 1064 px window nothing is cut: the avatar (its menu) and the logout button, then the name
 * and the profile.
 */
export function UserBlock() {
  const { t } = useTranslation('host');
  const user = useSession((state) => state.user);
  const token = useSession((state) => state.token);
  const readAt = useSession((state) => state.userReadAt);
  const { logout, loggingOut } = useLogout();
  const [, reveal] = useState(0);

  // A loading indicator first; the panel about 300 ms after the user is read — counted from
  // the read, not from this mount: a module's layout that replaces the loading one (and
  // mounts a new sidebar) a second later shows the panel at once.
  const due = (readAt ?? Date.now()) + USER_PANEL_REVEAL_MS;
  if (token && user && !revealed.has(token) && Date.now() >= due) revealed.add(token);
  useEffect(() => {
    if (!user || !token || revealed.has(token)) return;
    const timer = setTimeout(
      () => {
        revealed.add(token);
        reveal((count) => count + 1);
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [user, token, due]);

  if (!user || !token || !revealed.has(token)) {
    return (
      <div data-testid="user-loading" style={{ padding: 12, borderTop: `1px solid ${navColors.border}` }}>
        <Skeleton avatar={{ size: 36 }} title={false} paragraph={{ rows: 1, width: '70%' }} active />
      </div>
    );
  }

  return (
    <div data-testid="user-block" style={{ padding: '10px 10px 12px', borderTop: `1px solid ${navColors.border}` }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <AvatarMenu user={user} />
        <Tooltip title={t('sidebar.logout')} placement="top">
          <Button
            aria-label={t('sidebar.logout')}
            data-testid="logout"
            type="text"
            icon={<LogoutOutlined aria-hidden />}
            loading={loggingOut}
            onClick={() => void logout()}
          />
        </Tooltip>
      </div>
      <div data-testid="user-name" style={{ fontWeight: 600, fontSize: 13, marginTop: 6, overflowWrap: 'anywhere' }}>
        {displayName(user)}
      </div>
      <div style={{ fontSize: 12, color: MUTED_TEXT, overflowWrap: 'anywhere' }}>
        {t(`lists:profile.${user.permission_set.value}`, { defaultValue: user.permission_set.label })}
      </div>
    </div>
  );
}
