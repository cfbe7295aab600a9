import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { presetDays } from '@canteiro/shared/domain';
import { blockingViolations } from './axe';
import { choose, signIn } from './support';

/**
 * Filters that follow the user through the Dashboards (docs/dashboards.md), in Chromium
 * against the demo data, as the base user (no other spec signs in as them: the contract the
 * server keeps is theirs alone).
 */

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

test.describe('Dashboards: filters that follow the user', () => {
  test.setTimeout(120_000);

  test('a contract, a period and a function follow the sidebar, show as chips, and the contract every device', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'base');
    await page.goto('/dash/project-health');
    const picker = page.getByTestId('context-picker');
    // The base user's contracts: the second one, so the kept one is not merely the first offered.
    await picker.getByRole('combobox').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // Read once the list is open and filled (allTextContents does not wait).
    await expect(options.nth(1)).toBeVisible();
    const offered = await options.allTextContents();
    expect(offered.length).toBeGreaterThan(1);
    const chosen = offered[1]!;
    await page.keyboard.press('Escape');
    await choose(page, picker, 'Contratada', chosen);
    await expect.poll(() => search(page).from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const contract = search(page).contract!;

    // A relative period: the URL keeps its name, the API gets its days of today.
    const asked = page.waitForRequest(
      (request) => request.url().includes('/api/dashboards/project-health?') && request.url().includes('function='),
    );
    await choose(page, page.getByTestId('dash-filters'), 'Período', 'Últimas 4 semanas');
    await expect.poll(() => search(page).period).toBe('last-4-weeks');
    const functionName = 'Carpinteiro';
    await choose(page, page.getByTestId('dash-filters'), 'Função', functionName);
    const sent = new URL((await asked).url()).searchParams;
    expect([sent.get('from'), sent.get('to')]).toEqual(Object.values(presetDays('last-4-weeks', today())));
    expect(search(page)).toMatchObject({ contract, period: 'last-4-weeks' });
    expect(search(page).from).toBeUndefined();
    const functionId = search(page).function!;

    // The sidebar's link carries no query: the routine screen opens on the same state.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Rotina' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rotina' })).toBeVisible();
    await expect.poll(() => search(page)).toMatchObject({ contract, period: 'last-4-weeks', function: functionId });
    const chips = page.getByTestId('filter-chips');
    await expect(chips.getByTestId('filter-chip-period')).toHaveText(/Período: Últimas 4 semanas/);
    await expect(chips.getByTestId('filter-chip-function')).toContainText(`Função: ${functionName}`);
    for (const width of [1440, 1064]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await blockingViolations(page);
      expect(violations.map((violation) => `${violation.id} @${width}`)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`filters-followed-${width}.png`) });
    }

    // By keyboard: the function chip's button removes it alone.
    await chips.getByRole('button', { name: `Remover o filtro Função: ${functionName}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => search(page).function).toBeUndefined();
    expect(search(page)).toMatchObject({ contract, period: 'last-4-weeks' });
    // "Limpar filtros": the contract's default range, nothing else.
    await chips.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => Object.keys(search(page)).sort()).toEqual(['contract', 'from', 'to']);
    await expect(page.getByTestId('filter-chips')).toHaveCount(0);

    // Another device (a new browser context, a new session): the same contract.
    const other = await browser.newContext({ locale: 'pt-BR' });
    const phone = await other.newPage();
    await signIn(phone, 'base');
    await phone.goto('/dash/routine');
    await expect.poll(() => new URL(phone.url()).searchParams.get('contract')).toBe(contract);
    await expect(phone.getByTestId('context-picker')).toContainText(chosen);
    await other.close();
  });
});
