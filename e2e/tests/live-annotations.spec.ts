import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { DEMO_PASSWORD, signInWithForm, typeDate } from './support';

/**
 * Annotations and live figures (docs/dashboards.md), in Chromium against the demo data, on a
 * contract no other spec reads figures of (Atlântica): reports sent here would move them.
 */

const CONTRACT = 'Atlântica Engenharia — Estrutura';
const REPORTER = 'camila.ferreira@canteiro.test';
/** Atlântica's work user: the admin's last contract, which later specs open on, stays untouched. */
const VIEWER = 'thiago.mendes@canteiro.test';

/** Opens project health on the contract as its work user; answers its id and the dashboard's days. */
async function openHealth(page: Page): Promise<{ contract: number; from: string; to: string }> {
  await signInWithForm(page, VIEWER);
  await expect(page.getByTestId('home-modules')).toBeVisible();
  await page.goto('/dash');
  const contract = await page.evaluate(async (name) => {
    const response = await fetch('/api/contracts/options', {
      headers: { authorization: `Token ${localStorage.getItem('token')}` },
    });
    const options = (await response.json()) as { id: number; name: string }[];
    return options.find((option) => option.name === name)!.id;
  }, CONTRACT);
  await page.goto(`/dash/project-health?contract=${contract}`);
  await expect(page.getByTestId('dashboard-project-health')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const url = new URL(page.url());
  return { contract, from: url.searchParams.get('from')!, to: url.searchParams.get('to')! };
}

const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Sends `count` activity reports of the contract as its reporter does from the app. */
async function ingest(request: APIRequestContext, contract: number, count: number): Promise<void> {
  const login = await request.post('/api/mobile/login', { data: { email: REPORTER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Token ${((await login.json()) as { token: string }).token}` };
  const catalogue = (await (await request.get(`/api/mobile/catalogue?contract=${contract}`, { headers })).json()) as {
    activities: { id: number; package: number; local: number }[];
    functions: { id: number }[];
    occurrences: { id: number; classification: string }[];
  };
  const activity = catalogue.activities[0]!;
  const occurrence = catalogue.occurrences.find((one) => one.classification === 'value_adding')!;
  // Ten minutes ago on the site's clock (São Paulo, UTC−3).
  const at = new Date(Date.now() - 10 * 60_000 - 3 * 3_600_000).toISOString().slice(0, 19);
  const reports = Array.from({ length: count }, () => ({
    id: randomUUID(),
    kind: 'activity',
    contract,
    reportTime: `${at}-03:00`,
    package: activity.package,
    local: activity.local,
    activity: activity.id,
    function: catalogue.functions[0]!.id,
    occurrence: occurrence.id,
    quantity: 2,
    notes: null,
    reportInfo: null,
    isScheduled: true,
  }));
  const sent = await request.post('/api/mobile/reports', { data: { reports }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { accepted: string[] }).accepted).toHaveLength(count);
}

test.describe('Dashboards: annotations and live figures', () => {
  test.setTimeout(120_000);

  test('an annotation shown on the chart, with its comparison, then removed', async ({ page }) => {
    const { to } = await openHealth(page);
    const label = 'Falta de material';
    await page.getByTestId('annotation-add').click();
    const dialog = page.getByRole('dialog');
    await typeDate(dialog, 'Início', typed(daysBefore(to, 2)));
    await typeDate(dialog, 'Fim', typed(to));
    await dialog.getByLabel('Descrição', { exact: true }).fill(label);
    for (const width of [1440, 1064]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await blockingViolations(page);
      expect(violations.map((violation) => `${violation.id} @${width}`)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`annotation-form-${width}.png`) });
    }
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    const entry = page.getByTestId('annotation').filter({ hasText: label });
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('annotation-comparison')).toContainText(/^Agrega valor \d+,\d% nos 7 dias antes → /);
    // On every time axis of the contract: its label drawn inside the chart.
    for (const chart of ['chart-evolution', 'chart-control', 'chart-complianceDays']) {
      await expect(page.getByTestId(chart).locator('.apexcharts-xaxis-annotations')).toContainText(label);
    }
    const section = page.getByTestId('annotations');
    for (const width of [1440, 1064]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await blockingViolations(page);
      expect(violations.map((violation) => `${violation.id} @${width}`)).toEqual([]);
      await page.getByTestId('chart-evolution').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`annotation-charts-${width}.png`) });
      await section.screenshot({ path: test.info().outputPath(`annotation-list-${width}.png`) });
      await page
        .getByTestId('chart-complianceDays')
        .screenshot({ path: test.info().outputPath(`annotation-compliance-${width}.png`) });
    }
    // Removed by keyboard through its confirmation: gone from the list and the charts.
    await entry.getByRole('button', { name: `Remover a anotação ${label}` }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remover' }).click();
    await expect(entry).toHaveCount(0);
    await expect(page.getByTestId('chart-evolution').locator('.apexcharts-xaxis-annotations')).not.toContainText(label);
  });

  test('live figures: reports sent from the app are announced within 5 s, drawn only on "atualizar"', async ({
    page,
    request,
  }) => {
    const { contract } = await openHealth(page);
    // Every request for the figures from here on, with its time: none after the batch until the reader asks.
    const asked: { at: number; url: string }[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/dashboards/project-health')
        asked.push({ at: Date.now(), url: sent.url() });
    });
    // The stream is open (the screen listened since it opened).
    await page.waitForTimeout(1_500);
    const before = Date.now();
    await ingest(request, contract, 3);
    const sent = Date.now();
    await expect(page.getByTestId('live-count')).toHaveText('3 novas observações', { timeout: 5_000 });
    const announced = Date.now() - sent;
    console.log(`live figures: announced ${announced} ms after the batch was accepted`);
    expect(announced).toBeLessThan(5_000);
    await page.waitForTimeout(1_500);
    expect(asked.filter((one) => one.at >= before)).toEqual([]);
    for (const width of [1440, 1064]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await blockingViolations(page);
      expect(violations.map((violation) => `${violation.id} @${width}`)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`live-banner-${width}.png`) });
    }
    // By keyboard: the button redraws the figures, and the banner goes.
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/dashboards/project-health',
    );
    await page.getByTestId('live-refresh').focus();
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(200);
    await expect(page.getByTestId('live-banner')).toHaveCount(0);
  });
});
