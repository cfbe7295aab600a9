import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { DASHBOARD_NAMES as DASHBOARDS } from '@canteiro/shared/domain';
import { blockingViolations } from './axe';
import { networkQuiet, signIn, signInWithForm } from './support';

/**
 * axe-core finds no serious or critical violation on any screen, dialogs and
 * confirmation steps included, at a common desktop width and at the narrowest width the
 * product allows. Each state is reached once and audited at both (the window resized in
 * between): reaching the states twice, once per width, cost CI ~5 of its 12 e2e minutes.
 * Module screens are found through each module's menu, so a screen added to a menu later is
 * checked without new test code.
 */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1064, height: 800 },
] as const;
const ADD = /(^|\s)(Adicionar|Add)$/;
const SAVE = /(^|\s)(Salvar|Save)$/;
const DEACTIVATE = /(^|\s)(Desativar|Deactivate)$/;
const CANCEL = /(^|\s)(Cancelar|Cancel)$/;

/**
 * Waits until data has arrived (support.ts `networkQuiet`), spinners and skeletons are gone and
 * every finite animation has ended. The click ripple of antd's buttons (`.ant-wave`: an empty
 * element, no pointer events, whose opacity fades for 2 s) is brought to its end at once
 * instead: waiting it out cost ~2 s of every state reached by a click.
 */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, [data-testid="user-loading"]')).toHaveCount(0);
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target instanceof Element && target.closest('.ant-wave')) animation.finish();
    }
  });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe on the page as it is now, at each width, and records its serious and critical
 * violations under `screen`; also checks the page has exactly one `h1`. Returns the lines to
 * report. The page is left at the last width.
 */
async function audit(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  viewports: readonly { width: number; height: number }[] = VIEWPORTS,
): Promise<string[]> {
  const lines: string[] = [];
  for (const viewport of viewports) {
    const where = `${screen} @${viewport.width}`;
    await page.setViewportSize(viewport);
    // The state was just reached (a navigation, a click): its requests may come in a chain,
    // which networkQuiet follows to its end. A resize asks for nothing; it lays the page out again.
    await settle(page);
    const blocking = await blockingViolations(page);
    lines.push(
      ...blocking.map(
        (violation) =>
          `${where}: [${violation.impact}] ${violation.id} — ${violation.help} — ${violation.nodes
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      ),
    );
    const headings = await page.locator('h1').count();
    if (headings !== 1) lines.push(`${where}: ${headings} h1 elements (one per page expected)`);
    testInfo.annotations.push({ type: 'axe', description: `${where}: ${blocking.length} serious/critical` });
  }
  return lines;
}

/** The failure message lists every violation of the test's screens, one per line. */
function expectNone(report: string[]): void {
  expect(report, `axe found on these screens:\n${report.join('\n')}`).toEqual([]);
}

test('the small-screen block has no serious violation', async ({ page }, testInfo) => {
  const narrow = { width: 1063, height: 800 };
  await page.setViewportSize(narrow);
  await page.goto('/login');
  await expect(page.getByTestId('small-screen-block')).toBeVisible();
  expectNone(await audit(page, testInfo, 'small-screen block', [narrow]));
});

test.describe('at 1440 and 1064 px', () => {
  // Every state is audited twice (one axe run per width).
  test.describe.configure({ timeout: 120_000 });

  test('login (empty and failed), 404 signed out', async ({ page }, testInfo) => {
    const report: string[] = [];
    await page.goto('/login');
    report.push(...(await audit(page, testInfo, 'login')));
    await signInWithForm(page, 'admin@canteiro.test', 'wrong-password');
    await expect(page.getByTestId('login-error')).toBeVisible();
    report.push(...(await audit(page, testInfo, 'login error')));
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    report.push(...(await audit(page, testInfo, '404 signed out')));
    expectNone(report);
  });

  test('home, avatar menu, password, 404, module error panel, first access', async ({ page }, testInfo) => {
    const report: string[] = [];
    await signIn(page, 'admin');
    await page.goto('/home');
    await expect(page.getByTestId('home-modules')).toBeVisible();
    report.push(...(await audit(page, testInfo, 'home')));
    await page.goto('/admin');
    // Once the sidebar has revealed its user panel (a click during the reveal was lost once in CI).
    await settle(page);
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await expect(page.getByTestId('avatar-menu')).toBeVisible();
    report.push(...(await audit(page, testInfo, 'avatar menu open')));
    await page.goto('/password');
    await expect(page.getByLabel('Nova senha', { exact: true })).toBeVisible();
    report.push(...(await audit(page, testInfo, 'password')));
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    report.push(...(await audit(page, testInfo, '404')));
    await page.route('**/remotes/dash/**', (route) => route.abort());
    await page.goto('/dash');
    await expect(page.getByTestId('module-error')).toBeVisible();
    report.push(...(await audit(page, testInfo, 'module error panel')));
    await page.unroute('**/remotes/dash/**');
    // What a user with a temporary password sees: the home warning, or the password page
    // when the host sends such users there first.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      user.permission_set.first_access = true;
      localStorage.setItem('user', JSON.stringify(user));
    });
    await page.goto('/home');
    await expect(page.getByText(/senha temporária/).first()).toBeVisible();
    report.push(...(await audit(page, testInfo, `first access (${new URL(page.url()).pathname})`)));
    expectNone(report);
  });

  for (const module of ['admin', 'management', 'dash'] as const) {
    test(`every screen of the ${module} module's menu, its add dialog, failed save and status confirmation`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(360_000);
      const report: string[] = [];
      await signIn(page, 'admin');
      await page.goto(`/${module}`);
      await expect(page.getByTestId('module-welcome')).toBeVisible();
      report.push(...(await audit(page, testInfo, `/${module}`)));
      const menu = page.getByTestId('module-menu');
      const paths = (
        await menu
          .getByRole('link')
          .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
      )
        .filter((path) => path !== `/${module}`)
        // The five dashboards are audited by their own specs (dashboards*.spec.ts), at both
        // widths with every table open: walking them again here cost CI ~100 s for nothing.
        .filter((path) => !DASHBOARDS.some((name) => path === `/dash/${name}`));
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        // As a person goes there: by the menu, inside the loaded app (a page load per screen,
        // and another after each failed save, was most of this walk's CPU).
        await menu.locator(`a[href="${path}"]`).click();
        await expect(page).toHaveURL((url) => url.pathname === path);
        await expect(page.getByTestId('sidebar')).toBeVisible();
        report.push(...(await audit(page, testInfo, path)));
        // A screen that asks for its context first (Management: the contract) is checked
        // as it asks, then with the first choice made by keyboard (later screens remember it).
        // A list shows its table; a dashboard its figures (some keep their tables folded).
        const content = page.locator('.ant-table, [data-testid^="dashboard-"]').first();
        if ((await page.getByTestId('context-picker').count()) > 0 && (await content.count()) === 0) {
          await page.getByTestId('context-picker').getByRole('combobox').focus();
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
          await expect(content).toBeVisible({ timeout: 15_000 });
          report.push(...(await audit(page, testInfo, `${path} with its context chosen`)));
        }

        const add = page.getByRole('main').getByRole('button', { name: ADD });
        const adds = (await add.count()) > 0;
        if (adds) {
          await add.click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          report.push(...(await audit(page, testInfo, `${path} add dialog`)));
          await dialog.getByRole('button', { name: SAVE }).click();
          await expect(dialog.getByRole('alert').first()).toBeVisible();
          report.push(...(await audit(page, testInfo, `${path} failed save`)));
          await dialog.getByRole('button', { name: CANCEL }).click();
          await expect(dialog).toBeHidden();
        }

        const deactivate = page.getByRole('main').getByRole('button', { name: DEACTIVATE });
        // A list a person adds to deactivates its rows too (the demo data has rows in each):
        // waited for, so a list still loading cannot skip its confirmation unseen.
        if (adds) await expect(deactivate.first()).toBeVisible();
        if ((await deactivate.count()) > 0) {
          await deactivate.first().click();
          const first = page.getByRole('dialog');
          await expect(first).toBeVisible();
          report.push(...(await audit(page, testInfo, `${path} status confirmation, step 1`)));
          await first.getByRole('button', { name: DEACTIVATE }).click();
          const second = page.getByRole('dialog').filter({ hasNot: page.getByRole('button', { name: DEACTIVATE }) });
          await expect(second).toBeVisible();
          report.push(...(await audit(page, testInfo, `${path} status confirmation, step 2`)));
          // Nothing is sent before the second step's confirm: cancelling leaves the row as it was.
          await second.getByRole('button', { name: CANCEL }).click();
        }
      }
      expectNone(report);
    });
  }
});
