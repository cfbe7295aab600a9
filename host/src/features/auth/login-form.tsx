import { useState } from 'react';
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, notify, toApiError } from '@canteiro/shared/core';
import type { LoginInput } from '@canteiro/shared/domain';
import { FormField, fieldErrorId, fieldMessage } from '@canteiro/shared/ui';
import { AuthCard } from './auth-card';
import './auth-styles';

import type { LoginField as Field, checkLogin } from './login-check';

const FIELDS: readonly Field[] = ['email', 'password'];

/**
 * The checks (valibot and the shared schema) load with the first key or focus, not with the
 * page: the form is drawn and typed into without them.
 */
let checks: Promise<typeof checkLogin> | undefined;
const loadChecks = () => (checks ??= import('./login-check').then((module) => module.checkLogin));

/** Where a person goes once signed in: home (or the page they came from), or /password on a first access. */
export interface SignedIn {
  to: string;
  state?: { firstAccess: true };
}

function ErrorIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="8" fill="currentColor" />
      <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * The login screen (spec §5), without antd or the router: it is the first page a person waits
 * for (docs/frontend.md, "Start path"). The fields are validated by the shared schema when they
 * lose the focus and, once touched, as they change (react-hook-form's `onTouched`, which the
 * other forms use); the sign-in's failure is shown above them.
 * - `prepare`: what the next screen needs loaded before the session is kept (home's chunk, and at
 *   the page's start the shell itself), asked for beside the sign-in's request.
 * - `onSignedIn`: the way there (the router's navigation, or the start's hand-over to the shell).
 * - `onFirstInput`: the person started on the form (a focus, a key, a click).
 */
export function LoginForm({
  from,
  prepare,
  onSignedIn,
  onFirstInput,
}: {
  from?: string;
  prepare: (to: string) => Promise<unknown> | undefined;
  onSignedIn: (next: SignedIn) => void;
  onFirstInput?: () => void;
}) {
  const { t } = useTranslation(['host', 'common']);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [shown, setShown] = useState(false);
  const [check, setCheck] = useState<typeof checkLogin | null>(null);
  const checked = check?.(values);
  const issues = checked && !checked.ok ? checked.issues : {};
  const errorOf = (field: Field) => (touched.has(field) ? fieldMessage(t, issues[field]) : undefined);
  const touch = (field: Field) => setTouched((before) => (before.has(field) ? before : new Set([...before, field])));
  const change = (field: Field, value: string) => setValues((before) => ({ ...before, [field]: value }));

  const started = () => {
    onFirstInput?.();
    if (!check) void loadChecks().then((loaded) => setCheck(() => loaded));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    started();
    if (submitting) return;
    setTouched(new Set(FIELDS));
    const parsed = (await loadChecks())(values);
    if (!parsed.ok) {
      setFailure(t('common:errors.validation_failed'));
      return;
    }
    setFailure(null);
    setSubmitting(true);
    const to = from && from !== '/login' ? from : '/home';
    try {
      // What the next screen needs comes beside the sign-in's request, and the session is kept
      // once it is in: the next screen then renders at once (docs/frontend.md, "Start path").
      const { user } = await authApi.login(parsed.output, { ready: prepare(to) });
      notify.success(t('common:success.login'));
      if (user.permission_set.first_access) {
        notify.warning(t('host:login.firstAccess'));
        onSignedIn({ to: '/password', state: { firstAccess: true } });
        return;
      }
      onSignedIn({ to });
    } catch (error) {
      const apiError = await toApiError(error);
      setFailure(t(`common:errors.${apiError.code}`, { defaultValue: t('common:errors.server_error') }));
      setSubmitting(false);
    }
  };

  /** A field of the form: its label, antd's large input look (red while refused), its rule below. */
  const fieldOf = (
    field: Field,
    label: string,
    attributes: InputHTMLAttributes<HTMLInputElement>,
    after: ReactNode = null,
  ) => {
    const id = `login-${field}`;
    const error = errorOf(field);
    return (
      <FormField label={label} htmlFor={id} error={error}>
        <div className="canteiro-input" data-invalid={Boolean(error)}>
          <input
            {...attributes}
            id={id}
            name={field}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? fieldErrorId(id) : undefined}
            value={values[field]}
            onChange={(event) => change(field, event.target.value)}
            onBlur={() => touch(field)}
          />
          {after}
        </div>
      </FormField>
    );
  };

  return (
    <AuthCard title={t('host:login.heading')} subtitle={t('host:login.subheading')}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        onFocus={started}
        onPointerDown={started}
        onKeyDown={started}
      >
        {failure ? (
          <div role="alert" data-testid="login-error" className="canteiro-alert-error">
            <ErrorIcon />
            <span>{failure}</span>
          </div>
        ) : null}
        {fieldOf('email', t('host:login.email'), {
          type: 'email',
          autoComplete: 'username',
          placeholder: t('host:login.emailPlaceholder'),
        })}
        {fieldOf(
          'password',
          t('host:login.password'),
          { type: shown ? 'text' : 'password', autoComplete: 'current-password' },
          <button
            type="button"
            className="canteiro-input-toggle"
            aria-label={t('host:login.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((before) => !before)}
          >
            <EyeIcon open={shown} />
          </button>,
        )}
        <button type="submit" className="canteiro-submit" aria-busy={submitting}>
          {submitting ? <span className="canteiro-spinner" aria-hidden="true" /> : null}
          {t('host:login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
