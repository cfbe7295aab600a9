import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn, signInWithForm } from './support';

/**
 * In the browser: the Content-Security-Policy the server sends is one the host and
 * its three modules work under, and a first-access user reaches nothing but /password.
 */

/** Collects every CSP violation the page reports, as events and as console messages. */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

test('the app and its three modules work under the Content-Security-Policy, with no violation', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  const home = await page.goto('/login');
  expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(home?.headers()['x-frame-options']).toBe('DENY');
  expect(home?.headers()['x-content-type-options']).toBe('nosniff');
  await signIn(page, 'admin');

  await page.goto('/home');
  await expect(page.getByTestId('home-modules')).toBeVisible();

  await page.goto('/admin/user');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('resource-form')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('resource-form')).toHaveCount(0);

  await page.goto('/management');
  await expect(page.getByTestId('module-welcome')).toContainText('Bem-vindo ao módulo Gerencial');

  await page.goto('/dash');
  await expect(page.getByTestId('module-welcome')).toContainText('Bem-vindo aos Dashboards');

  expect(violations).toEqual([]);

  // The watch does see a violation: an injected inline script is refused.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});

test('a first-access user reaches only /password until the temporary password is changed', async ({ page }) => {
  const email = `primeiro.${Date.now().toString(36)}@canteiro.test`;
  const temporary = 'temp12345';
  const changed = 'novasenha1';

  // An admin creates the user with a temporary password, as the user form does.
  await signIn(page, 'admin');
  const created = await page.evaluate(
    async ({ email, temporary }) => {
      const token = localStorage.getItem('token');
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const headers = { authorization: `Token ${token}`, 'content-type': 'application/json', 'x-xsrf-token': xsrf };
      const list = await fetch('/api/users?search=contract%40canteiro.test', { headers });
      const [model] = (await list.json()).items as { base: number; work: number; contract: number }[];
      const response = await fetch('/api/users', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          firstName: 'Primeiro',
          email,
          password: temporary,
          permission: 'admin',
          base: model!.base,
          work: model!.work,
          contract: model!.contract,
          isActive: true,
        }),
      });
      return response.status;
    },
    { email, temporary },
  );
  expect(created).toBe(201);
  await page.evaluate(() => localStorage.clear());

  await signInWithForm(page, email, temporary);
  await expect(page).toHaveURL(/\/password$/);
  await expect(page.getByTestId('first-access')).toBeVisible();

  // Typed addresses lead back to /password: the host's guard, before any call.
  for (const path of ['/admin/user', '/home', '/dash']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/password$/);
  }

  // A stale stored user (first access not marked) is sent there by the server's 409 instead.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user')!);
    user.permission_set.first_access = false;
    localStorage.setItem('user', JSON.stringify(user));
  });
  await page.goto('/admin/user');
  await expect(page).toHaveURL(/\/password$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  await page.getByLabel('Senha atual', { exact: true }).fill(temporary);
  await page.getByLabel('Nova senha', { exact: true }).fill(changed);
  await page.getByLabel('Confirme a nova senha').fill(changed);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin/user');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/user$/);
});
