import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DASHBOARD_NAMES, figureMessages } from '@canteiro/shared/domain';
import { blockingViolations } from './axe';
import { choose, settled, signIn, stillness } from './support';

/**
 * The project-health and routine dashboards in Chromium against the demo data —
 * charts drawn, KPIs shown, the default range in the URL, a filter kept through a reload and
 * sent to the API, the export (XLSX), the error state, keyboard and axe at 1064 and 1440 px.
 */

const SCREENS = [
  { path: '/dash/project-health', name: 'project-health', title: 'Saúde do projeto', charts: 6 },
  { path: '/dash/routine', name: 'routine', title: 'Rotina', charts: 2 },
] as const;
/** The widths every axe check runs at: a common desktop one and the narrowest the product allows. */
const WIDTHS = [1440, 1064] as const;

const search = (page: Page) => new URL(page.url()).searchParams;
const dashboard = (page: Page, name: string) => page.getByTestId(`dashboard-${name}`);

/** Waits until the answer is drawn: no skeleton, no spinner, every chart's svg in place, no animation running. */
/** The three KPI indexes as shown (value-adding, hidden waste, evident waste). */
function kpis(page: Page): Promise<string[]> {
  return Promise.all(
    ['valueAdding', 'hiddenWaste', 'evidentWaste'].map((name) => page.getByTestId(`kpi-${name}-value`).innerText()),
  );
}

async function settle(page: Page, name: string, charts: number): Promise<void> {
  await expect(dashboard(page, name)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await expect(dashboard(page, name).locator('.apexcharts-canvas')).toHaveCount(charts, { timeout: 15_000 });
  await stillness(page);
}

test.describe('Dashboards: project health and routine', () => {
  test.setTimeout(90_000);

  for (const screen of SCREENS) {
    test(`${screen.title}: the default range lands in the URL and the charts and KPIs are drawn`, async ({ page }) => {
      await signIn(page, 'contract');
      const asked = page.waitForRequest(
        (request) =>
          request.url().includes(`/api/dashboards/${screen.name}?`) &&
          request.url().includes('from=') &&
          request.url().includes('to='),
      );
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
      // The contract user's one contract is chosen; then the last four weeks with data.
      await expect.poll(() => search(page).get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(search(page).get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const url = new URL((await asked).url());
      expect(url.searchParams.get('from')).toBe(search(page).get('from'));
      expect(url.searchParams.get('to')).toBe(search(page).get('to'));
      await expect(page.getByLabel('Data inicial')).not.toHaveValue('');
      await settle(page, screen.name, screen.charts);
      // KPIs in the pt-BR number format: 13.503,5 HH; 45,0%.
      await expect(page.getByTestId('kpi-totalHh-value')).toHaveText(/^\d{1,3}(\.\d{3})*,\d$/);
      await expect(page.getByTestId('kpi-valueAdding-value')).toHaveText(/^\d{1,3},\d%$/);
      await expect(page.getByTestId('kpi-totalHh')).toContainText('observações');
      await expect(dashboard(page, screen.name).locator('svg').first()).toBeVisible();
      // The range type on every dashboard with a time axis (both of these: the evolution, HH by period).
      await expect(page.getByLabel('Agrupar por')).toHaveCount(1);
    });
  }

  test('a function filter survives a reload and every call carries it', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/dash/project-health');
    await settle(page, 'project-health', 6);
    const unfiltered = await kpis(page);
    const filtered = page.waitForResponse(
      (response) => response.url().includes('/api/dashboards/project-health?') && response.url().includes('function='),
    );
    await choose(page, page.getByTestId('dash-filters'), 'Função', 'Carpinteiro');
    const id = new URL((await filtered).url()).searchParams.get('function');
    expect(id).toMatch(/^\d+$/);
    await expect.poll(() => search(page).get('function')).toBe(id);
    await settle(page, 'project-health', 6);
    // The KPIs and the donut draw the function's figures: the slices' labels are the KPIs' indexes.
    // Polled together: a settle right after the answer can still find the figures before it drawn.
    await expect
      .poll(async () => {
        const [shown, slices] = await Promise.all([
          kpis(page),
          page.getByTestId('card-totals').locator('.apexcharts-pie-label').allTextContents(),
        ]);
        return shown.join() !== unfiltered.join() && shown.join() === slices.join();
      })
      .toBe(true);
    // Filtered by one function, its rank lists it alone.
    await page.getByTestId('card-functions').getByRole('button', { name: 'Ver valores' }).click();
    await expect(page.getByTestId('table-functions').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('table-functions')).toContainText('Carpinteiro');

    const again = page.waitForRequest(
      (request) =>
        request.url().includes('/api/dashboards/project-health?') && request.url().includes(`function=${id}`),
    );
    await page.reload();
    await again;
    expect(search(page).get('function')).toBe(id);
    await expect(page.getByTestId('dash-filters')).toContainText('Carpinteiro');
    await settle(page, 'project-health', 6);
  });

  test('the range type goes to the API and regroups the evolution', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/dash/project-health');
    await settle(page, 'project-health', 6);
    const daily = page.waitForResponse(
      (response) => response.url().includes('/api/dashboards/project-health?') && response.url().includes('range=day'),
    );
    await choose(page, page, 'Agrupar por', 'Dia');
    await daily;
    await settle(page, 'project-health', 6);
    await page.getByTestId('card-evolution').getByRole('button', { name: 'Ver valores' }).click();
    // Four weeks by day: more than four buckets. Polled: the answer may be in and not yet drawn
    // (a settle right after it can find the weekly figures still on screen, the spinner not yet due).
    await expect.poll(() => page.getByTestId('table-evolution').locator('tbody tr').count()).toBeGreaterThan(4);
  });

  test('the export downloads the dashboard’s tables as XLSX with the same filters', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/dash/routine?weekdays=1-5');
    await settle(page, 'routine', 2);
    const exported = page.waitForRequest((request) => request.url().includes('/api/dashboards/routine/export?'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: /XLSX/ }).click();
    const url = new URL((await exported).url());
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('weekdays')).toBe('1-5');
    expect(url.searchParams.get('from')).toBe(search(page).get('from'));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    // An XLSX is a zip: it starts with PK.
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  test("a failing call shows 'Erro ao buscar os dados' and the retry draws the dashboard", async ({ page }) => {
    await signIn(page, 'contract');
    await page.route('**/api/dashboards/routine?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'server_error', message: 'boom' }),
      }),
    );
    await page.goto('/dash/routine');
    await expect(page.getByTestId('fetch-error')).toContainText('Erro ao buscar os dados');
    await expect(dashboard(page, 'routine')).toHaveCount(0);
    await page.unroute('**/api/dashboards/routine?**');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await settle(page, 'routine', 2);
    await expect(page.getByTestId('fetch-error')).toHaveCount(0);
  });

  test('the keyboard reaches the rank selector and a chart’s values', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/dash/project-health');
    await settle(page, 'project-health', 6);
    const firstPackage = () =>
      page.getByTestId('chart-packages').getByTestId('rank-item').first().getAttribute('aria-label');
    const before = await firstPackage();
    // Tab from the page's title through the header to the rank selector.
    await page.getByRole('heading', { level: 1 }).click();
    let reached = false;
    for (let step = 0; step < 120 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        () => document.activeElement?.closest('[data-testid="rank-by"]') !== null && document.activeElement !== null,
      );
    }
    expect(reached, 'Tab reaches the rank selector').toBe(true);
    // The focused radio shows a focus ring (antd's outline on the wrapper).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Perda oculta' })).toBeChecked();
    await expect.poll(firstPackage).not.toBe(before);
    // On to the packages card's values.
    let toggle = false;
    for (let step = 0; step < 10 && !toggle; step += 1) {
      await page.keyboard.press('Tab');
      toggle = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'toggle-packages');
    }
    expect(toggle, 'Tab reaches "Ver valores"').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('table-packages')).toBeVisible();
  });

  /** At `width` unless the window is already that wide; apexcharts draws its charts again for a new width. */
  async function widen(page: Page, width: number): Promise<void> {
    if (page.viewportSize()?.width === width) return;
    await page.setViewportSize({ width, height: 900 });
    await settled(page.locator('main'));
  }

  // Each state is reached once and checked at both widths (the window resized in between):
  // reaching them again per width cost the suite ~20 s for nothing.
  test('axe finds no serious violation on project health and routine at 1440 and 1064 px', async ({ page }) => {
    await signIn(page, 'contract');
    const report: string[] = [];
    for (const [index, screen] of SCREENS.entries()) {
      await page.goto(screen.path);
      await settle(page, screen.name, screen.charts);
      // The tables too: open every "Ver valores".
      const closed = page.locator('[data-testid^="toggle-"][aria-expanded="false"]');
      while ((await closed.count()) > 0) await closed.first().click();
      await stillness(page);
      // The screen is checked at the width the last one ended on, then at the other.
      for (const width of index % 2 === 0 ? WIDTHS : [...WIDTHS].reverse()) {
        await widen(page, width);
        // In the page, injected once (axe.ts): the same rules as AxeBuilder, a quarter of the CPU.
        for (const violation of await blockingViolations(page))
          report.push(
            `${screen.name} @${width}: [${violation.impact}] ${violation.id} — ${violation.nodes
              .map((node) => node.target.join(' '))
              .join(', ')}`,
          );
        // Nothing wider than the page: charts and tables stay in their cards.
        const overflow = await page.evaluate(() => {
          const main = document.querySelector(`[data-testid^="screen-"]`);
          return main ? main.scrollWidth - main.clientWidth : 0;
        });
        if (overflow > 0) report.push(`${screen.name} @${width}: ${overflow} px wider than the content`);
      }
    }
    expect(report, report.join('\n')).toEqual([]);
  });

  test('axe finds no serious violation with the date, week and time pickers open at 1440 and 1064 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'contract');
    const report: string[] = [];
    // Project health opens on four weeks from a Monday: its calendar shows the last month's days too.
    for (const [index, screen] of SCREENS.entries()) {
      await page.goto(screen.path);
      await settle(page, screen.name, screen.charts);
      for (const width of index % 2 === 0 ? WIDTHS : [...WIDTHS].reverse()) {
        await widen(page, width);
        for (const label of ['Data inicial', 'Semana', 'Hora inicial']) {
          await page.getByLabel(label, { exact: true }).click();
          const dropdown = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
          await expect(dropdown).toBeVisible();
          await expect(dropdown.locator('.ant-picker-cell, .ant-picker-time-panel-cell').first()).toBeVisible();
          await stillness(page);
          for (const violation of await blockingViolations(page))
            report.push(
              `${screen.name} ${label} @${width}: [${violation.impact}] ${violation.id} — ${violation.nodes.length} nodes: ${violation.nodes
                .slice(0, 3)
                .map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`)
                .join(' | ')}`,
            );
          await page.keyboard.press('Escape');
          await expect(dropdown).toBeHidden();
        }
      }
    }
    expect(report, report.join('\n')).toEqual([]);
  });
});

/** The five dashboards, as printed (docs/frontend.md, "Printing"). */
/** Every dashboard (the registry's names) with its title in pt-BR. */
const PRINTED = DASHBOARD_NAMES.map((name) => ({ name, title: figureMessages['pt-BR'].dashboards[name] }));
/** A4 landscape in PDF points (297 × 210 mm); Chromium rounds the page to whole pixels (842.88 × 595.92). */
const A4_LANDSCAPE = { width: 841.89, height: 595.28 };

/** The PDF's pages: each page object's /MediaBox (Chromium writes its objects uncompressed). */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  return [
    ...text.matchAll(/\/Type\s*\/Page\b[^]*?\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g),
  ].map((match) => ({ width: Number(match[3]) - Number(match[1]), height: Number(match[4]) - Number(match[2]) }));
}

test.describe('Dashboards on paper', () => {
  test.setTimeout(120_000);

  test('every dashboard says "Dados até" and prints whole on A4 landscape pages under its print header', async ({
    page,
  }) => {
    await signIn(page, 'contract');
    for (const screen of PRINTED) {
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`/dash/${screen.name}`);
      await expect(dashboard(page, screen.name)).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
      await expect(page.locator('[data-chart]:not(:has(svg.apexcharts-svg))')).toHaveCount(0, { timeout: 15_000 });
      // The demo's last observation within the default range, small beside the title.
      const until = page.getByTestId('dash-header').getByTestId('data-until');
      await expect(until).toHaveText(/^Dados até \d{2}\/\d{2} \d{2}:\d{2}$/);
      const untilText = (await until.textContent())!;
      await expect(page.getByTestId('print-header')).toBeHidden();

      await page.emulateMedia({ media: 'print' });
      const header = page.getByTestId('print-header');
      await expect(header).toBeVisible();
      await expect(header).toContainText(screen.title);
      await expect(header).toContainText(`Contratada: Construtora Alvorada — Estrutura (`);
      await expect(header).toContainText(/Data inicial: \d{2}\/\d{2}\/\d{4} · Data final: \d{2}\/\d{2}\/\d{4}/);
      await expect(header).toContainText(untilText);
      // No shell, no controls: the sidebar, the screen's header and every button are off the paper.
      await expect(page.getByTestId('sidebar')).toBeHidden();
      await expect(page.getByTestId('dash-header')).toBeHidden();
      await expect(dashboard(page, screen.name).locator('button:visible')).toHaveCount(0);
      // Charts redrawn to the printed width (277 mm at 96 px/in), and nothing scrolls inside a box.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const printed = (277 / 25.4) * 96;
            const charts = Array.from(document.querySelectorAll<HTMLElement>('[data-chart]'));
            const wide = charts.filter((chart) => {
              const svg = chart.querySelector('svg.apexcharts-svg')!.getBoundingClientRect();
              const box = chart.getBoundingClientRect();
              return svg.width > box.width + 1 || box.right > printed + 1;
            });
            const scrolled = Array.from(document.querySelectorAll<HTMLElement>('*')).filter((element) => {
              const { overflowX, overflowY } = getComputedStyle(element);
              const scrolls = (value: string) => value === 'auto' || value === 'scroll';
              return (
                (scrolls(overflowY) && element.scrollHeight > element.clientHeight + 1) ||
                (scrolls(overflowX) && element.scrollWidth > element.clientWidth + 1)
              );
            });
            return {
              charts: charts.length > 0,
              wide: wide.map((chart) => chart.dataset.testid ?? chart.dataset.chart),
              scrolled: scrolled.map((element) => element.className || element.tagName),
            };
          }),
        )
        .toEqual({ charts: true, wide: [], scrolled: [] });

      const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true });
      const pages = pdfPages(pdf);
      // Every chart and table whole: more than the one page a scrolling container would give.
      expect(pages.length, `${screen.name}: pages`).toBeGreaterThan(1);
      for (const size of pages) {
        expect(Math.abs(size.width - A4_LANDSCAPE.width), `${screen.name}: page width`).toBeLessThan(2);
        expect(Math.abs(size.height - A4_LANDSCAPE.height), `${screen.name}: page height`).toBeLessThan(2);
      }
    }
  });
});
