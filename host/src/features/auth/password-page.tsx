import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Alert, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { authApi, notify, toApiError, useSession } from '@canteiro/shared/core';
import { changePasswordSchema } from '@canteiro/shared/domain';
import { FormField, fieldMessage } from '@canteiro/shared/ui';
import type { ChangePasswordInput } from '@canteiro/shared/domain';
import { AuthCard } from './auth-card';
import { useLogout } from '../../components/use-logout';

type Field = keyof ChangePasswordInput;
const FIELDS: { name: Field; labelKey: string; autoComplete: string }[] = [
  { name: 'current_password', labelKey: 'host:password.current', autoComplete: 'current-password' },
  { name: 'new_password', labelKey: 'host:password.new', autoComplete: 'new-password' },
  { name: 'confirm_password', labelKey: 'host:password.confirm', autoComplete: 'new-password' },
];

export default function PasswordPage() {
  const { t } = useTranslation(['host', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((state) => state.user);
  const token = useSession((state) => state.token);
  const [failure, setFailure] = useState<string | null>(null);
  const { logout, loggingOut } = useLogout();
  const { control, handleSubmit, formState, setError } = useForm<ChangePasswordInput>({
    resolver: valibotResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
    mode: 'onTouched',
  });
  const firstAccess = Boolean(
    user?.permission_set.first_access || (location.state as { firstAccess?: boolean } | null)?.firstAccess,
  );

  if (!token) {
    return (
      <AuthCard title={t('host:password.heading')}>
        <Alert type="info" showIcon title={t('host:password.signInFirst')} style={{ marginBottom: 20 }} />
        <Button type="primary" block onClick={() => navigate('/login')}>
          {t('host:password.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  const onValid = async (input: ChangePasswordInput) => {
    setFailure(null);
    try {
      await authApi.changePassword(input);
      notify.success(t('common:success.password_changed'));
      navigate('/home', { replace: true });
    } catch (error) {
      const apiError = await toApiError(error);
      for (const [field, code] of Object.entries(apiError.fields)) {
        if (FIELDS.some((known) => known.name === field)) setError(field as Field, { message: code });
      }
      const known = ['wrong_current_password', 'server_error', 'network_error', 'validation_failed', 'rate_limited'];
      setFailure(t(`common:errors.${known.includes(apiError.code) ? apiError.code : 'password_change_failed'}`));
    }
  };

  return (
    <AuthCard title={t('host:password.heading')}>
      {firstAccess ? (
        <Alert
          data-testid="first-access"
          type="warning"
          showIcon
          title={t('host:login.firstAccess')}
          style={{ marginBottom: 20 }}
        />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit(onValid, () => setFailure(t('common:errors.validation_failed')))();
        }}
      >
        {failure ? (
          <Alert
            role="alert"
            data-testid="password-error"
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 20 }}
          />
        ) : null}
        {FIELDS.map(({ name, labelKey, autoComplete }) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field, fieldState }) => (
              <FormField
                label={t(labelKey)}
                htmlFor={`password-${name}`}
                error={fieldMessage(t, fieldState.error?.message)}
              >
                <Input.Password
                  id={`password-${name}`}
                  status={fieldState.error ? 'error' : undefined}
                  autoComplete={autoComplete}
                  size="large"
                  {...field}
                />
              </FormField>
            )}
          />
        ))}
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
            {t('host:password.submit')}
          </Button>
          {firstAccess ? (
            // Nothing else opens before the password is changed: leaving means signing out.
            <Button block loading={loggingOut} onClick={() => void logout()} data-testid="password-logout">
              {t('host:sidebar.logout')}
            </Button>
          ) : (
            <Button block onClick={() => navigate(-1)}>
              {t('host:password.back')}
            </Button>
          )}
        </Space>
      </form>
    </AuthCard>
  );
}
