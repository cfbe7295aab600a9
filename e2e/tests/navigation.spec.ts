import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.describe('the navigation guard (spec §2)', () => {
  test('a signed-out visitor of a route needing a login goes to login', async ({ page }) => {
    for (const path of ['/home', '/admin', '/dash/routine', '/management/area']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('/ redirects to /home, and a signed-in user opening login goes home', async ({ page }) => {
    await signIn(page, 'work');
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a contract user opening /admin/base gets the 404 screen', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/admin/base');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
  });

  test('a work user opening /admin/occurrence gets the 404 screen, /admin/work does not', async ({ page }) => {
    await signIn(page, 'work');
    await page.goto('/admin/occurrence');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/admin/work');
    await expect(page.getByTestId('resource-works')).toBeVisible();
  });

  test('an unknown path shows the 404 screen, whose button goes home', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toContainText('404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await expect(page).toHaveTitle(/Página não encontrada/);
    await page.getByRole('button', { name: 'Voltar para o início' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an unknown path inside a module shows the 404 screen too', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dash/no-such-dashboard');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('each page sets the document title and description from its route', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Entrar · Canteiro');
    await signIn(page, 'admin');
    await page.goto('/admin/occurrence');
    await expect(page).toHaveTitle('Ocorrências · Canteiro');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Catálogo de ocorrências apontadas em campo.',
    );
    // Spec §2: the survey list reuses the activity report's title and description.
    await page.goto('/admin/survey');
    await expect(page).toHaveTitle('Relatório de atividades · Canteiro');
  });

  test('the tab’s icon is written into the page, so no change of address asks for it again', async ({ page }) => {
    // Chromium asked for /favicon.svg (no-cache: revalidated) on every change of address, a
    // dashboard's filter change included; written in, it is never a request.
    await page.goto('/login');
    await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml;base64,/);
    expect((await page.request.get('/favicon.svg')).status()).toBe(404);
  });
});

test.describe('the small-screen block (spec §1)', () => {
  test('blocks the app at 1063 px but not at 1064 px', async ({ page }) => {
    await page.setViewportSize({ width: 1063, height: 800 });
    await page.goto('/login');
    await expect(page.getByTestId('small-screen-block')).toBeVisible();
    await expect(page.getByText('Acesso indisponível')).toBeVisible();
    await expect(page.getByTestId('language-selector')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveCount(0);
    await page.setViewportSize({ width: 1064, height: 800 });
    await expect(page.getByTestId('small-screen-block')).toHaveCount(0);
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });
});

test.describe('the language (spec §1, §9)', () => {
  test('a change to English survives a reload, and back to Portuguese', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-US');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Canteiro');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'Português' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });
});

test.describe('the sidebar at every allowed width (spec §2)', () => {
  for (const { width, height } of [
    { width: 1064, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${width} px it takes 14 % of the window and shows every menu label whole`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await signIn(page, 'admin');
      for (const language of ['pt-BR', 'en-US']) {
        await page.evaluate((locale) => localStorage.setItem('language', locale), language);
        // The app is loaded once per language; each module is opened from home's cards, as a
        // person does (a load costs the suite ~1.1 CPU-s, a click ~0.3: docs/testing.md).
        await page.goto('/home');
        for (const path of ['/admin', '/management', '/dash']) {
          await page.getByTestId('home-modules').locator(`a[href="${path}"]`).click();
          await expect(page).toHaveURL((url) => url.pathname === path);
          await expect(page.getByTestId('module-menu')).toBeVisible();
          await expect(page.getByTestId('user-block')).toBeVisible();
          const sidebar = page.getByTestId('sidebar');
          const box = await sidebar.boundingBox();
          expect(Math.abs(box!.width - width * 0.14), `${path} sidebar width`).toBeLessThanOrEqual(1);
          // A cut label: wider than its box, or drawn with an ellipsis.
          const cut = await sidebar
            .locator('a, [data-testid="nav-label"], [data-testid="user-block"] div')
            .evaluateAll((elements) =>
              elements
                .filter(
                  (element) =>
                    element.scrollWidth > element.clientWidth || getComputedStyle(element).textOverflow === 'ellipsis',
                )
                .map((element) => element.textContent),
            );
          expect(cut, `${language} ${path}`).toEqual([]);
          // Wrapping is fine, a word broken in two is not: each word fits its label's width.
          const broken = await sidebar.getByTestId('nav-label').evaluateAll((labels) =>
            labels.flatMap((label) =>
              (label.textContent ?? '').split(/\s+/).filter((word) => {
                const probe = document.createElement('span');
                probe.style.whiteSpace = 'nowrap';
                probe.textContent = word;
                label.appendChild(probe);
                const wide = probe.getBoundingClientRect().width > label.clientWidth;
                probe.remove();
                return wide;
              }),
            ),
          );
          expect(broken, `${language} ${path}`).toEqual([]);
          expect((await page.getByTestId('module-menu').getByRole('link').count()) > 0).toBe(true);
          await page.getByTestId('sidebar').locator('a[href="/home"]').click();
        }
      }
    });
  }
});
