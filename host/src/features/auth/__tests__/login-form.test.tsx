import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from '@canteiro/shared/core';
import { LoginForm } from '../login-form';
import type { SignedIn } from '../login-form';
import { contractUser as user } from '../../../__tests__/session-users';
import { serve } from '../../../../../shared/test/network';
import '../../../i18n/register';

/** The sign-in's answers by password: a good one signs in (a first access for `temporary1`), any other is refused. */
function serveSignIn(calls: unknown[]) {
  serve(async (request) => {
    if (new URL(request.url).pathname === '/api/health/live') return new Response(null, { status: 204 });
    const body = (await request.json()) as { email: string; password: string };
    calls.push(body);
    if (body.password === 'wrong-one')
      return Response.json({ code: 'invalid_credentials', message: 'no' }, { status: 401 });
    const first_access = body.password === 'temporary1';
    return Response.json({
      token: 'token-1',
      user: { ...user, permission_set: { ...user.permission_set, first_access } },
    });
  });
}

function renderForm({ from }: { from?: string } = {}) {
  const signedIn: SignedIn[] = [];
  const prepared: string[] = [];
  let started = 0;
  render(
    <LoginForm
      from={from}
      prepare={(to) => {
        prepared.push(to);
        return Promise.resolve();
      }}
      onSignedIn={(next) => signedIn.push(next)}
      onFirstInput={() => (started += 1)}
    />,
  );
  const email = screen.getByLabelText('E-mail');
  const password = screen.getByLabelText('Senha');
  const submit = screen.getByRole('button', { name: 'Entrar' });
  return { email, password, submit, signedIn, prepared, started: () => started };
}

describe('the login form (spec §5), without antd', () => {
  afterEach(() => act(() => useSession.setState({ token: null, user: null })));

  it('checks a field when it loses the focus, then as it changes; the server is not called for an invalid form', async () => {
    const calls: unknown[] = [];
    serveSignIn(calls);
    const form = renderForm();
    fireEvent.focus(form.email);
    expect(form.started()).toBeGreaterThan(0);
    fireEvent.change(form.email, { target: { value: 'not-an-email' } });
    // Not touched yet: no rule shown while the person is still typing the first time (the checks are in).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('Informe um e-mail válido.')).toBeNull();
    fireEvent.blur(form.email);
    expect(await screen.findByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(form.email).toHaveAttribute('aria-invalid', 'true');
    expect(form.email).toHaveAttribute('aria-describedby', 'login-email-error');
    fireEvent.change(form.email, { target: { value: 'fernanda@canteiro.test' } });
    expect(screen.queryByText('Informe um e-mail válido.')).toBeNull();

    fireEvent.click(form.submit);
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Por favor, verifique o formulário e tente novamente!',
    );
    expect(screen.getByText('Campo obrigatório.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(form.signedIn).toEqual([]);
  });

  it('signs in with the trimmed e-mail, asks for the next screen beside the request, and goes where the person came from', async () => {
    const calls: unknown[] = [];
    serveSignIn(calls);
    const form = renderForm({ from: '/admin/base' });
    fireEvent.change(form.email, { target: { value: '  fernanda@canteiro.test ' } });
    fireEvent.change(form.password, { target: { value: 'demo1234' } });
    fireEvent.click(form.submit);
    await waitFor(() => expect(form.signedIn).toEqual([{ to: '/admin/base' }]));
    expect(form.prepared).toEqual(['/admin/base']);
    expect(calls).toEqual([{ email: 'fernanda@canteiro.test', password: 'demo1234', from_web: true }]);
    expect(useSession.getState().token).toBe('token-1');
  });

  it('sends a first access to /password, and shows a refused sign-in above the fields', async () => {
    serveSignIn([]);
    const form = renderForm();
    fireEvent.change(form.email, { target: { value: 'fernanda@canteiro.test' } });
    fireEvent.change(form.password, { target: { value: 'wrong-one' } });
    fireEvent.click(form.submit);
    expect(await screen.findByTestId('login-error')).toHaveTextContent(/^Credenciais inválidas/);
    expect(form.submit).toHaveAttribute('aria-busy', 'false');
    fireEvent.change(form.password, { target: { value: 'temporary1' } });
    fireEvent.click(form.submit);
    await waitFor(() => expect(form.signedIn).toEqual([{ to: '/password', state: { firstAccess: true } }]));
    expect(form.prepared).toEqual(['/home', '/home']);
  });

  it('shows the typed password on demand, and says so', () => {
    const form = renderForm();
    const toggle = screen.getByRole('button', { name: 'Exibir os caracteres digitados' });
    expect(form.password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(form.password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
