import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { authApi, notify, toApiError } from '@canteiro/shared/core';
import { loginSchema } from '@canteiro/shared/domain';
import { FormField, fieldMessage } from '@canteiro/shared/ui';
import type { LoginInput } from '@canteiro/shared/domain';
import { loadHome } from '../../app/home-chunk';
import { AuthCard } from './auth-card';

export default function LoginPage() {
  const { t } = useTranslation(['host', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<LoginInput>({
    resolver: valibotResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const onValid = async (credentials: LoginInput) => {
    setFailure(null);
    const from = (location.state as { from?: string } | null)?.from;
    const to = from && from !== '/login' ? from : '/home';
    try {
      // Home's chunk beside the sign-in's request, and the session kept once it is in: the
      // guard opens home the moment the session holds a token, and home then renders at once.
      const ready = to === '/home' ? loadHome().catch(() => null) : undefined;
      const { user } = await authApi.login(credentials, { ready });
      notify.success(t('common:success.login'));
      if (user.permission_set.first_access) {
        notify.warning(t('host:login.firstAccess'));
        navigate('/password', { replace: true, state: { firstAccess: true } });
        return;
      }
      navigate(to, { replace: true });
    } catch (error) {
      const apiError = await toApiError(error);
      setFailure(t(`common:errors.${apiError.code}`, { defaultValue: t('common:errors.server_error') }));
    }
  };

  return (
    <AuthCard title={t('host:login.heading')} subtitle={t('host:login.subheading')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit(onValid, () => setFailure(t('common:errors.validation_failed')))();
        }}
        noValidate
      >
        {failure ? (
          <Alert
            role="alert"
            data-testid="login-error"
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 20 }}
          />
        ) : null}
        <Controller
          name="email"
          control={control}
          render={({ field, fieldState }) => (
            <FormField
              label={t('host:login.email')}
              htmlFor="login-email"
              error={fieldMessage(t, fieldState.error?.message)}
            >
              <Input
                id="login-email"
                type="email"
                status={fieldState.error ? 'error' : undefined}
                autoComplete="username"
                size="large"
                placeholder={t('host:login.emailPlaceholder')}
                {...field}
              />
            </FormField>
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field, fieldState }) => (
            <FormField
              label={t('host:login.password')}
              htmlFor="login-password"
              error={fieldMessage(t, fieldState.error?.message)}
            >
              <Input.Password
                id="login-password"
                status={fieldState.error ? 'error' : undefined}
                autoComplete="current-password"
                size="large"
                {...field}
              />
            </FormField>
          )}
        />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={formState.isSubmitting}
          style={{ marginTop: 8 }}
        >
          {t('host:login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
