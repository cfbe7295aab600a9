import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { blockingViolations } from './axe';
import type { Page, Response } from '@playwright/test';
import { firstJson, networkQuiet, settled, signIn } from './support';

/**
 * The By function, Equipment and Performance dashboards in Chromium against the
 * demo data — charts drawn and tables filled from the answer of their API call, a contract
 * user limited to its contract, no serious or critical axe violation and no horizontal
 * overflow at the narrowest width the product allows (1064 px) and at 1440 px.
 */

const OWN_CONTRACT = 'Construtora Alvorada — Estrutura';
const OTHER_CONTRACT = 'Fênix Instalações — Elétrica';
const SCREENS = [
  {
    name: 'by-function',
    title: 'Por função',
    charts: ['chart-topOccurrences'],
    card: 'card-topOccurrences',
  },
  {
    name: 'equipment',
    title: 'Equipamentos',
    charts: ['chart-equipment', 'chart-topCompanies'],
    card: 'card-topCompanies',
  },
  {
    name: 'performance',
    title: 'Desempenho',
    charts: ['chart-activityStatus', 'chart-byPackage', 'chart-byLocal', 'chart-addedValueByPackage'],
    card: 'card-byPackage',
  },
] as const;
const WIDTHS = [
  { width: 1064, height: 800 },
  { width: 1440, height: 900 },
] as const;

const pt = (value: number, digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** The dashboard's answer as the screen received it (the call after the default range was written). */
const answerOf = <T>(page: Page, name: string) =>
  firstJson<T>(
    page,
    (response: Response) =>
      new URL(response.url()).pathname === `/api/dashboards/${name}` &&
      new URL(response.url()).searchParams.has('from'),
  );

/** Opens a screen and waits until its charts are drawn (apexcharts has painted its SVG). */
async function open<T>(page: Page, screen: (typeof SCREENS)[number], query = ''): Promise<T> {
  const answered = answerOf<T>(page, screen.name);
  await page.goto(`/dash/${screen.name}${query}`);
  const answer = await answered;
  await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
  await expect(page.getByTestId(`dashboard-${screen.name}`)).toBeVisible();
  for (const chart of screen.charts) {
    await expect(page.getByTestId(chart).locator('svg.apexcharts-svg')).toBeVisible();
  }
  return answer;
}

/** Shows a card's table ("Ver valores") and returns its body rows. */
async function showValues(page: Page, card: string) {
  await page.getByTestId(card).getByRole('button', { name: 'Ver valores' }).click();
  return page.getByTestId(card).locator('.ant-table-tbody .ant-table-row');
}

async function contractIds(page: Page): Promise<Map<string, number>> {
  const options = await page.evaluate(async () => {
    const response = await fetch('/api/contracts/options', {
      headers: { authorization: `Token ${localStorage.getItem('token')}` },
    });
    return (await response.json()) as { id: number; name: string }[];
  });
  return new Map(options.map((option) => [option.name, option.id]));
}

test.describe('By function, Equipment and Performance dashboards', () => {
  test.setTimeout(90_000);

  test('By function draws the demo data: KPIs, the Pareto bar by bar, functions ranked, tables filled', async ({
    page,
  }) => {
    await signIn(page, 'contract');
    const answer = await open<{
      totalHh: number;
      registers: number;
      topOccurrences: { name: string }[];
      functions: { name: string; index: { evidentWaste: number | null } }[];
    }>(page, SCREENS[0]);
    expect(answer.registers).toBeGreaterThan(0);
    // The contract's default range (its last four weeks with data) is in the URL.
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId('kpi-totalHh-value')).toHaveText(pt(answer.totalHh, 1));
    await expect(page.getByTestId('kpi-registers-value')).toHaveText(pt(answer.registers, 0));
    // One HH bar per occurrence, and the cumulative line.
    const pareto = page.getByTestId('chart-topOccurrences');
    await expect(pareto.locator('.apexcharts-bar-series path.apexcharts-bar-area')).toHaveCount(
      answer.topOccurrences.length,
    );
    await expect(pareto.locator('.apexcharts-line-series path.apexcharts-line')).toHaveCount(1);
    const rows = await showValues(page, 'card-topOccurrences');
    await expect(rows.first()).toContainText(answer.topOccurrences[0]!.name);
    // Ranked by evident waste: the table's first function is the one with the highest index.
    const functions = page.getByTestId('card-functions');
    await page.getByTestId('rank-by').getByText('Perda evidente', { exact: true }).click();
    const worst = [...answer.functions].sort((a, b) => (b.index.evidentWaste ?? -1) - (a.index.evidentWaste ?? -1))[0]!;
    const functionRows = functions.locator('.ant-table-tbody .ant-table-row');
    await expect(functionRows.first().locator('td').first()).toHaveText(worst.name);
    // Every function in the rank, the worst first, each with its interval's whisker.
    const items = page.getByTestId('chart-functions').getByTestId('rank-item');
    await expect(items).toHaveCount(answer.functions.length);
    await expect(items.first()).toContainText(worst.name);
    await expect(items.first().getByTestId('whisker')).toBeVisible();
  });

  test('Equipment draws utilization per machine and the top 5 companies, and says which filters do not apply', async ({
    page,
  }) => {
    await signIn(page, 'contract');
    const answer = await open<{
      observations: number;
      equipment: { name: string }[];
      topCompanies: { company: string }[];
    }>(page, SCREENS[1]);
    expect(answer.equipment.length).toBeGreaterThan(0);
    await expect(page.getByTestId('kpi-observations-value')).toHaveText(pt(answer.observations, 0));
    expect(answer.topCompanies.length).toBeGreaterThan(0);
    expect(answer.topCompanies.length).toBeLessThanOrEqual(5);
    await expect(
      page.getByTestId('chart-topCompanies').locator('.apexcharts-bar-series path.apexcharts-bar-area'),
    ).toHaveCount(answer.topCompanies.length);
    const rows = page.getByTestId('card-equipment').locator('.ant-table-tbody .ant-table-row');
    await expect(rows.first().locator('td').first()).toHaveText(answer.equipment[0]!.name);
    await expect(page.getByTestId('equipment-filters-ignored')).toHaveCount(0);

    // An occurrence filter changes nothing for machines: the screen says so.
    const url = new URL(page.url());
    url.searchParams.set('occurrence', '1');
    const again = answerOf<{ observations: number }>(page, 'equipment');
    await page.goto(url.pathname + url.search);
    expect((await again).observations).toBe(answer.observations);
    await expect(page.getByTestId('equipment-filters-ignored')).toContainText('não se aplicam aos equipamentos');
  });

  test('Performance draws productivity against the plan, added value, status counts and the RUP table', async ({
    page,
  }) => {
    await signIn(page, 'contract');
    const answer = await open<{
      byPackage: unknown[];
      activities: { name: string }[];
      activityStatus: { finished: number; late: number; inTerm: number };
    }>(page, SCREENS[2]);
    await expect(page.getByTestId('kpi-late-value')).toHaveText(pt(answer.activityStatus.late, 0));
    await expect(page.getByTestId('kpi-inTerm-value')).toHaveText(pt(answer.activityStatus.inTerm, 0));
    const byPackage = page.getByTestId('chart-byPackage');
    await expect(byPackage.locator('.apexcharts-bar-series path.apexcharts-bar-area')).toHaveCount(
      answer.byPackage.length,
    );
    // The plan's line at 1.
    await expect(byPackage.locator('.apexcharts-xaxis-annotations line')).toHaveCount(1);
    await expect(byPackage.getByText('Plano = 1,00')).toBeVisible();
    const activities = page.getByTestId('table-activities').locator('.ant-table-tbody .ant-table-row');
    await expect(activities).toHaveCount(Math.min(10, answer.activities.length));
  });

  test("the export writes the screen's tables with the same filters (CSV of Equipment)", async ({ page }) => {
    await signIn(page, 'contract');
    const answer = await open<{ equipment: { name: string }[]; topCompanies: { company: string }[] }>(page, SCREENS[1]);
    const exported = page.waitForRequest((request) => request.url().includes('/api/dashboards/equipment/export?'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const url = new URL((await exported).url());
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('from')).toBe(new URL(page.url()).searchParams.get('from'));
    const text = await readFile(await (await download).path(), 'utf8');
    // The same tables as on the screen, under the screen's titles.
    expect(text).toContain('Utilização dos equipamentos');
    expect(text).toContain('Empresas com mais ocorrências');
    expect(text).toContain(answer.equipment[0]!.name);
    expect(text).toContain(answer.topCompanies[0]!.company);
  });

  test('a contract user sees only its contract and gets its data, even when a link names another', async ({ page }) => {
    await signIn(page, 'admin');
    const ids = await contractIds(page);
    const own = ids.get(OWN_CONTRACT)!;
    const other = ids.get(OTHER_CONTRACT)!;
    expect(own && other).toBeTruthy();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'contract');
    for (const screen of SCREENS) {
      // The contract picker puts the user's own contract in the URL; the figures shown are its.
      const answered = firstJson<{ filters: { contract: number } }>(
        page,
        (response) =>
          new URL(response.url()).pathname === `/api/dashboards/${screen.name}` &&
          new URL(response.url()).searchParams.get('contract') === String(own),
      );
      await page.goto(`/dash/${screen.name}?contract=${other}`);
      const answer = await answered;
      expect(answer.filters.contract).toBe(own);
      await expect.poll(() => new URL(page.url()).searchParams.get('contract')).toBe(String(own));
      await expect(page.getByTestId(`dashboard-${screen.name}`)).toBeVisible();
      await page.getByTestId('context-picker').getByRole('combobox').click();
      await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([OWN_CONTRACT]);
      await page.keyboard.press('Escape');
    }
    // The API agrees: another contract's figures are not this user's (answered as a contract without reports).
    const foreign = await page.evaluate(async (id) => {
      const response = await fetch(`/api/dashboards/by-function?contract=${id}`, {
        headers: { authorization: `Token ${localStorage.getItem('token')}` },
      });
      return (await response.json()) as { registers: number };
    }, other);
    expect(foreign.registers).toBe(0);
  });

  test('keyboard alone ranks the functions and opens a table', async ({ page }) => {
    await signIn(page, 'contract');
    await open(page, SCREENS[0]);
    const valueAdding = page.getByTestId('card-functions').getByRole('radio', { name: 'Agrega valor' });
    await valueAdding.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('card-functions').getByRole('radio', { name: 'Perda oculta' })).toBeChecked();
    // Shift+Tab from the ranking goes back, through the value-adding occurrences' open table, to
    // the Pareto's "Ver valores"; its focus ring shows.
    const toggle = page.getByTestId('toggle-topOccurrences');
    for (let step = 0; step < 6 && !(await toggle.evaluate((element) => element === document.activeElement)); step += 1)
      await page.keyboard.press('Shift+Tab');
    await expect(toggle).toBeFocused();
    const ring = await toggle.evaluate((element) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? style.outlineStyle : style.boxShadow;
    });
    expect(ring).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('table-topOccurrences')).toBeVisible();
  });

  // Each screen is reached once and checked at both widths (the window resized in between, the
  // charts left to redraw): reaching them again per width cost the suite ~15 s for nothing.
  test('at 1064 and 1440 px: no serious or critical axe violation and nothing wider than the window', async ({
    page,
  }) => {
    await page.setViewportSize(WIDTHS[0]);
    await signIn(page, 'contract');
    const report: string[] = [];
    for (const [index, screen] of SCREENS.entries()) {
      await open(page, screen);
      await showValues(page, screen.card);
      await networkQuiet(page);
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
      // The screen opens at the width the last one ended on, then the other.
      for (const size of index % 2 === 0 ? WIDTHS : [...WIDTHS].reverse()) {
        if (page.viewportSize()?.width !== size.width) {
          await page.setViewportSize(size);
          // apexcharts draws its charts again for the new width: wait until nothing changes.
          await settled(page.locator('main'));
        }
        // In the page, injected once (axe.ts): the same rules as AxeBuilder, a quarter of the CPU.
        for (const violation of await blockingViolations(page)) {
          report.push(
            `${screen.name} @${size.width}: [${violation.impact}] ${violation.id} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        }
        const overflow = await page.evaluate(() => {
          const root = document.scrollingElement!;
          const charts = Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="chart-"]')).filter(
            (chart) => {
              const svg = chart.querySelector('svg');
              return svg !== null && svg.getBoundingClientRect().right > chart.getBoundingClientRect().right + 1;
            },
          );
          // The layout's content scrolls inside <main>: neither it nor the page may scroll sideways.
          const main = document.querySelector('main')!;
          return {
            page: root.scrollWidth - root.clientWidth + Math.max(0, main.scrollWidth - main.clientWidth),
            charts: charts.map((chart) => chart.dataset.testid),
          };
        });
        expect(overflow, `${screen.name} at ${size.width} px`).toEqual({ page: 0, charts: [] });
      }
    }
    expect(report, `axe found:\n${report.join('\n')}`).toEqual([]);
  });
});
