import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authApi, notify, useSession } from '@canteiro/shared/core';
import { LOGOUT_DELAY_MS } from '@canteiro/shared/domain';

/**
 * Spec §4: a logging-out flag (the button shows loading), the logout call, then after
 * 500 ms a success notification and the login page; on failure an error and the flag cleared.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logout(): Promise<void> {
    setLoggingOut(true);
    try {
      await authApi.logout();
    } catch {
      notify.error(t('errors.logout_failed'));
      setLoggingOut(false);
      return;
    }
    setTimeout(() => {
      useSession.getState().clear();
      notify.success(t('success.logout'));
      navigate('/login', { replace: true });
    }, LOGOUT_DELAY_MS);
  }

  return { logout, loggingOut };
}
