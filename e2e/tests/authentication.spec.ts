import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn, signInWithForm } from './support';

test.describe('signing in (spec §5, §8)', () => {
  test('an admin signs in and lands on home with the three modules', async ({ page }) => {
    await signInWithForm(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/home$/);
    const modules = page.getByTestId('home-modules');
    await expect(modules.getByRole('link')).toHaveText([/Gerencial/, /Dashboards/, /Administrador/]);
    await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
    // The notification keeps clear of the header and its actions.
    const toast = await page.locator('.canteiro-toast').first().boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({
      email: ACCOUNTS.admin,
      permission_set: { value: 'admin' },
    });
  });

  test('home follows the sign-in with no loading state between them (its chunk came with the sign-in)', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
    await page.getByLabel(/^Senha/).fill('demo1234');
    // Every spinner a route shows from the click on: a suspended route also holds its content
    // back ~250 ms after the spinner (React's reveal throttle).
    await page.evaluate(() => {
      const seen = { spinners: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="page-loading"]')) seen.spinners++;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Home's chunk comes well after the sign-in's answer, as on a busy machine or a slow line:
    // the session is kept only once it is in, or the guard would open home without it.
    await page.route(/\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('home-modules')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seen: { spinners: number } }).seen.spinners)).toBe(0);
  });

  test('the login page loads neither antd nor the router; the shell comes once the person starts on the form', async ({
    page,
  }) => {
    // A line of each library's production build: react-router's invariant, antd's style marker.
    const LIBRARIES = { router: 'You cannot render a <Router> inside', antd: 'data-css-hash' };
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    const has = (library: keyof typeof LIBRARIES) => scripts.some((text) => text.includes(LIBRARIES[library]));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect({ router: has('router'), antd: has('antd') }).toEqual({ router: false, antd: false });
    expect(await page.locator('style[data-css-hash]').count()).toBe(0);

    await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
    await expect.poll(() => has('router') && has('antd')).toBe(true);
    await page.getByLabel(/^Senha/).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('home-modules')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
    // The shell's own links work from there: the router took the page over.
    await page
      .getByTestId('home-modules')
      .getByRole('link', { name: /Administrador/ })
      .click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a guard's redirect to login comes back to the page asked for, through the light start too", async ({
    page,
  }) => {
    await page.goto('/admin/base');
    await expect(page).toHaveURL(/\/login$/);
    // A reload starts on the light login; the page asked for is kept in the history entry.
    await page.reload();
    await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
    await page.getByLabel(/^Senha/).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin\/base$/);
    await expect(page.getByTestId('resource-bases')).toBeVisible();
  });

  test('a wrong password gets the invalid-credentials message', async ({ page }) => {
    await signInWithForm(page, ACCOUNTS.admin, 'wrong-password');
    await expect(page.getByTestId('login-error')).toHaveText(
      'Credenciais inválidas ou usuário inativo, por favor verifique os dados e tente novamente.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown e-mail gets the same message', async ({ page }) => {
    await signInWithForm(page, 'nobody@canteiro.test');
    await expect(page.getByTestId('login-error')).toHaveText(/^Credenciais inválidas ou usuário inativo/);
  });

  test('a reporter is told its profile has no access', async ({ page }) => {
    await signInWithForm(page, ACCOUNTS.reporter);
    await expect(page.getByTestId('login-error')).toHaveText(
      'Seu perfil não tem acesso a essa página. Por favor, entre em contato com o suporte',
    );
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('an invalid form shows the form message and each field rule, without calling the server', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/authentication/login')) calls++;
    });
    await signInWithForm(page, 'not-an-email', '1234');
    await expect(page.getByTestId('login-error')).toHaveText('Por favor, verifique o formulário e tente novamente!');
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(page.getByText('Deve ter pelo menos 5 caracteres.')).toBeVisible();
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('Senha').fill('');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Campo obrigatório.')).toHaveCount(2);
    expect(calls).toBe(0);
  });

  test('a first-access user is told to change the temporary password, and can', async ({ page }) => {
    await signInWithForm(page, ACCOUNTS.first);
    await expect(page).toHaveURL(/\/password$/);
    await expect(page.getByTestId('first-access')).toContainText('senha temporária');
    await page.getByLabel('Senha atual', { exact: true }).fill('wrong-one');
    await page.getByLabel('Nova senha', { exact: true }).fill('novasenha1');
    await page.getByLabel('Confirme a nova senha').fill('novasenha1');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByTestId('password-error')).toHaveText('A senha atual está incorreta...');
    await page.getByLabel('Senha atual', { exact: true }).fill('demo1234');
    await page.getByLabel('Confirme a nova senha').fill('outrasenha');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
    await page.getByLabel('Confirme a nova senha').fill('novasenha1');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('senha temporária')).toHaveCount(0);
  });
});

test.describe('signing out (spec §4)', () => {
  test('the logout button loads, then a success message and the login page; the session is gone', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/admin');
    const logout = page.getByTestId('user-block').getByTestId('logout');
    await logout.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Sair');
    await logout.click();
    await expect(logout).toHaveClass(/ant-btn-loading/);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Você saiu com sucesso.')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });
});
