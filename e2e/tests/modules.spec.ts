import { expect, test } from '@playwright/test';
import { menuLabels, signIn } from './support';

// Spec §2: each module's menu, filtered by the user's permission level.
const MENUS = {
  admin: {
    admin: ['Administrador', 'Bases', 'Obras', 'Contratadas', 'Ocorrências', 'Pesquisas', 'Usuários', 'Auditoria'],
    base: ['Administrador', 'Bases', 'Obras', 'Contratadas', 'Usuários'],
    work: ['Administrador', 'Obras', 'Contratadas', 'Usuários'],
    contract: ['Administrador', 'Contratadas', 'Usuários'],
  },
  management: [
    'Gerencial',
    'Disciplinas',
    'Áreas',
    'Locais',
    'Blocos',
    'Pacotes',
    'Atividades',
    'Funções',
    'Equipamentos',
  ],
  dash: [
    'Dashboards',
    'Saúde do projeto',
    'Por função',
    'Rotina',
    'Equipamentos',
    'Desempenho',
    'Relatório de atividades',
    'Relatório de equipamentos',
    'Relatório de quantidades',
  ],
};
const WELCOME = {
  admin: 'Bem-vindo ao módulo Administrador',
  management: 'Bem-vindo ao módulo Gerencial',
  dash: 'Bem-vindo aos Dashboards',
};

for (const account of ['admin', 'base', 'work', 'contract'] as const) {
  test(`${account} account: each module's welcome page and menu`, async ({ page }) => {
    await signIn(page, account);
    for (const module of ['admin', 'management', 'dash'] as const) {
      await page.goto(`/${module}`);
      await expect(page.getByTestId('module-welcome')).toContainText(WELCOME[module]);
      await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Início' })).toBeVisible();
      const expected = module === 'admin' ? MENUS.admin[account] : MENUS[module];
      expect(await menuLabels(page)).toEqual(expected);
      // The start entry is the active one, green on light green.
      const start = page.getByTestId('module-menu').getByRole('link').first();
      await expect(start).toHaveCSS('color', 'rgb(27, 94, 32)');
      await expect(start).toHaveCSS('background-color', 'rgb(230, 244, 231)');
    }
  });
}

test('the sidebar: home link, a screen of the module, the user block and its avatar menu', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin');
  await expect(page.getByTestId('user-block')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText('Ana');
  await expect(page.getByTestId('avatar-initial')).toHaveText('A');
  await page.getByTestId('module-menu').getByRole('link', { name: 'Ocorrências' }).click();
  await expect(page).toHaveURL(/\/admin\/occurrence$/);
  await expect(page.getByTestId('resource-occurrences')).toBeVisible();
  await expect(page.getByTestId('module-menu').getByRole('link', { name: 'Ocorrências' })).toHaveCSS(
    'color',
    'rgb(27, 94, 32)',
  );
  // The avatar menu opens and closes on click, and closes on an outside click.
  const avatar = page.getByRole('button', { name: 'Menu do usuário' });
  await avatar.click();
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
  await avatar.click();
  await expect(page.getByTestId('avatar-menu')).toHaveCount(0);
  await avatar.click();
  await page.getByTestId('content').click({ position: { x: 400, y: 400 } });
  await expect(page.getByTestId('avatar-menu')).toHaveCount(0);
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
  await expect(page).toHaveURL(/\/password$/);
  await page.goto('/admin');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Início' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a module that cannot be loaded shows its error panel while Home and the other modules work', async ({ page }) => {
  await signIn(page, 'admin');
  await page.route('**/remotes/admin/**', (route) => route.abort());
  await page.goto('/admin');
  await expect(page.getByTestId('module-error')).toContainText('Não foi possível carregar este módulo');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Início' })).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Início' }).click();
  await expect(page.getByTestId('home-modules')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page.getByTestId('module-welcome')).toContainText('Bem-vindo aos Dashboards');
  // Once the module is reachable again, the retry button brings it in without a reload.
  await page.unroute('**/remotes/admin/**');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Início' }).click();
  await page.getByRole('link', { name: 'Administrador' }).click();
  await expect(page.getByTestId('module-error')).toBeVisible();
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByTestId('module-welcome')).toContainText('Bem-vindo ao módulo Administrador');
});

test('the modules share one React, one i18n, one session: a language change in the host reaches a module', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/management');
  await expect(page.getByTestId('module-welcome')).toContainText('Bem-vindo ao módulo Gerencial');
  await page.goto('/home');
  await page.getByTestId('language-selector').click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('link', { name: 'Management' }).click();
  await expect(page.getByTestId('module-welcome')).toContainText('Welcome to the Management module');
  expect(await menuLabels(page)).toContain('Locations');
});

test('on a slow network the shell stays in place while a module and its first screen arrive', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/home');
  await expect(page.getByTestId('home-modules')).toBeVisible();
  await page.route('**/remotes/**', (route) => setTimeout(() => void route.continue(), 1500));
  // Counts, from the sidebar's first appearance, every change of the page that leaves it out.
  await page.evaluate(() => {
    const watch = window as unknown as { shellSeen: boolean; shellGone: number };
    watch.shellSeen = false;
    watch.shellGone = 0;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="sidebar"]')) watch.shellSeen = true;
      else if (watch.shellSeen) watch.shellGone++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('link', { name: /Administrador/ }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('module-welcome')).toBeVisible({ timeout: 20_000 });
  const watch = await page.evaluate(() => {
    const { shellSeen, shellGone } = window as unknown as { shellSeen: boolean; shellGone: number };
    return { shellSeen, shellGone };
  });
  expect(watch.shellSeen).toBe(true);
  expect(watch.shellGone).toBe(0);
});
