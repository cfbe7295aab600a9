// Screenshots of the main screens, for people to look at: `node e2e/screenshots.mjs [baseURL] [outDir]`
// against a running server (pnpm start). Uses Debian's Chromium. SCREENSHOT_WIDTH=1064 takes
// them at the narrowest width the product allows (default 1440).
import { Buffer } from 'node:buffer';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';
import { chromiumArgs } from './chromium-args.mjs';

const baseURL = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? '.screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
const viewport =
  Number(process.env.SCREENSHOT_WIDTH ?? 1440) <= 1064 ? { width: 1064, height: 800 } : { width: 1440, height: 900 };
const page = await browser.newPage({ viewport, baseURL });
const shot = async (name, { fullPage = false } = {}) => {
  await page.waitForTimeout(450);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage });
  console.log(`screenshot: ${join(out, `${name}.png`)}`);
};

async function signIn(email) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha$|^Password$/).fill('demo1234');
  await page.getByRole('button', { name: /^Entrar$|^Sign in$/ }).click();
  await page.waitForURL(/\/(home|password)$/);
}

await page.goto('/login');
await shot('01-login');
await page.getByLabel('E-mail').fill('admin@canteiro.test');
await page.getByLabel('Senha').fill('wrong');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.getByTestId('login-error').waitFor();
await shot('02-login-error');
await signIn('admin@canteiro.test');
await shot('03-home');
for (const [name, path] of [
  ['04-admin', '/admin'],
  ['05-management', '/management'],
  ['06-dash', '/dash'],
  ['07-wip', '/admin/occurrence'],
]) {
  await page.goto(path);
  await page.getByTestId('user-block').waitFor();
  await shot(name);
}
await page.getByRole('button', { name: /Menu do usuário/ }).click();
await shot('08-avatar-menu');
for (const [name, path] of [
  ['20-admin-base', '/admin/base'],
  ['21-admin-work', '/admin/work'],
  ['22-admin-contract', '/admin/contract'],
  ['23-admin-occurrence', '/admin/occurrence'],
  ['24-admin-user', '/admin/user'],
  ['25-admin-survey', '/admin/survey'],
]) {
  await page.goto(path);
  await page
    .locator('.ant-table-row')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await shot(name);
}
await page.goto('/admin/work');
await page.getByRole('button', { name: 'Adicionar' }).click();
await page.getByTestId('resource-form').waitFor();
await page.getByRole('button', { name: 'Salvar' }).click();
await shot('26-admin-work-form-errors');
await page.keyboard.press('Escape');
await page.goto('/admin/base');
await page.locator('.ant-table-row').first().getByRole('button', { name: 'Desativar' }).click();
await shot('27-admin-base-confirm');
await page.goto('/admin/user');
await page.locator('.ant-table-row').first().getByRole('button', { name: 'Editar' }).click();
await page.getByTestId('resource-form').waitFor();
await page.getByTestId('field-picture-file').setInputFiles({
  name: 'notes.png',
  mimeType: 'image/png',
  buffer: Buffer.from('not an image'),
});
await page.getByText(/A imagem deve ser/).waitFor();
await shot('28-admin-user-form-picture');
// Management: the contract picker, each list of the first contract, the activity form and finish.
await page.goto('/management/activity');
await page.getByTestId('context-picker').waitFor();
await shot('30-management-pick-contract');
const contract = await page.evaluate(async () => {
  const response = await fetch('/api/contracts/options', {
    headers: { authorization: `Token ${localStorage.getItem('token')}` },
  });
  return (await response.json())[0].id;
});
for (const entity of ['discipline', 'area', 'local', 'block', 'package', 'activity', 'function', 'equipment']) {
  await page.goto(`/management/${entity}?contract=${contract}`);
  await page
    .locator('.ant-table-row')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await shot(`31-management-${entity}`);
}
await page.getByRole('button', { name: 'Adicionar' }).click();
await page.getByTestId('resource-form').waitFor();
await page.getByRole('button', { name: 'Salvar' }).click();
await shot('32-management-equipment-form-errors');
await page.keyboard.press('Escape');
await page.goto(`/management/activity?contract=${contract}&status=in_term`);
await page.locator('.ant-table-row').first().waitFor();
await page.locator('.ant-table-row').first().getByRole('button', { name: 'Editar' }).click();
await page.getByTestId('resource-form').waitFor();
await shot('33-management-activity-form');
await page.keyboard.press('Escape');
await page.locator('.ant-table-row').first().getByRole('button', { name: 'Concluir' }).click();
await shot('34-management-activity-finish');
await page.keyboard.press('Escape');
// Dashboards: the three report screens under the header, for the first contract; a refused range.
for (const kind of ['activity', 'equipment', 'quantity']) {
  await page.goto(`/dash/${kind}-report?contract=${contract}`);
  await page
    .locator('.ant-table-row')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await shot(`40-dash-${kind}-report`);
}
await page.goto(`/dash/activity-report?contract=${contract}&from=2026-11-20&to=2026-11-01&fromTime=18:00&toTime=07:00`);
await page.getByTestId('dash-filter-from-error').waitFor();
await shot('41-dash-report-refused-filters');
/** A dashboard of the first contract on its default range, whole page, once its charts are drawn. */
async function dashboardShot(name, file) {
  await page.goto(`/dash/${name}?contract=${contract}`);
  await page.getByTestId(`dashboard-${name}`).waitFor({ timeout: 20_000 });
  await page
    .waitForFunction(
      (testId) => {
        const frames = [...globalThis.document.querySelectorAll(`[data-testid="${testId}"] [data-chart]`)];
        return frames.length > 0 && frames.every((frame) => frame.querySelector('svg.apexcharts-svg'));
      },
      `dashboard-${name}`,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(600); // the charts' short entry animation
  // The page scrolls inside the layout's content area, not the document: the window grows to
  // the content's height for the picture, then returns to the screen's size.
  const height = await page.evaluate(() =>
    Math.max(...[...globalThis.document.querySelectorAll('*')].map((element) => element.scrollHeight)),
  );
  await page.setViewportSize({ width: viewport.width, height: Math.min(height + 40, 8000) });
  await page.waitForTimeout(800);
  await shot(file);
  await page.setViewportSize(viewport);
}
// Every dashboard of the registry (shared's build), 43 onwards; the English one is apart, at 60.
for (const [index, name] of DASHBOARD_NAMES.entries()) await dashboardShot(name, `${43 + index}-dash-${name}`);
await page.goto('/nowhere');
await shot('09-not-found');
await page.goto('/password');
await shot('10-password');
await page.route('**/remotes/dash/**', (route) => route.abort());
await page.goto('/dash');
await page.getByTestId('module-error').waitFor();
await shot('11-module-error');
await page.unroute('**/remotes/dash/**');
await page.setViewportSize({ width: 1000, height: 760 });
await page.goto('/login');
await shot('12-small-screen');
await page.setViewportSize(viewport);
await page.evaluate(() => localStorage.setItem('language', 'en-US'));
await page.goto('/management');
await page.getByTestId('user-block').waitFor();
await shot('13-management-en');
await page.goto(`/management/activity?contract=${contract}`);
await page.locator('.ant-table-row').first().waitFor();
await shot('35-management-activity-en');
await page.goto(`/dash/activity-report?contract=${contract}`);
await page.locator('.ant-table-row').first().waitFor();
await shot('42-dash-activity-report-en');
await dashboardShot('project-health', '60-dash-project-health-en');
await browser.close();
