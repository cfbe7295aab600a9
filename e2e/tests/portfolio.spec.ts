import { expect, test } from '@playwright/test';
import { blockingViolations } from './axe';
import { signIn } from './support';

/** The portfolio at /dash (docs/dashboards.md, "Portfolio"), per level, in Chromium against the demo data. */

test.describe('Dashboards: the portfolio', () => {
  test.setTimeout(90_000);

  test('the admin sees every contract by base and work, at both widths without a serious axe violation', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/dash');
    const rows = page.getByTestId('portfolio-row');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/dashboards/portfolio', {
        headers: { authorization: `Token ${localStorage.getItem('token')}` },
      });
      return (await response.json()) as { contracts: { name: string; base: { id: number }; work: { id: number } }[] };
    });
    await expect(rows).toHaveCount(answer.contracts.length);
    const works = new Set(answer.contracts.map((contract) => `${contract.base.id}/${contract.work.id}`));
    await expect(page.getByTestId('portfolio-group')).toHaveCount(works.size);
    // Each row: a share with its interval, eight weeks drawn, compliance, the last observation.
    await expect(rows.first()).toContainText(/\d+,\d%/);
    await expect(rows.first().getByTestId('sparkline')).toHaveAttribute(
      'aria-label',
      /Agrega valor nas últimas 8 semanas/,
    );
    for (const width of [1440, 1064]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await blockingViolations(page);
      expect(violations.map((violation) => `${violation.id} @${width}`)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`portfolio-admin-${width}.png`), fullPage: true });
    }
    // Sorted by value-adding share, highest first, within each group.
    await page.getByTestId('portfolio-sort-valueAdding').click();
    await expect(page.getByTestId('portfolio-sort-valueAdding').locator('xpath=..')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('a contract user sees its contract alone, and its name opens project health by keyboard', async ({ page }) => {
    await signIn(page, 'contract');
    await page.goto('/dash');
    await expect(page.getByTestId('portfolio-row')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByTestId('portfolio-group')).toHaveCount(1);
    const link = page.getByTestId('portfolio-open');
    await expect(link).toHaveText('Construtora Alvorada — Estrutura');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Saúde do projeto' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('contract')).toMatch(/^\d+$/);
    await page.screenshot({ path: test.info().outputPath('portfolio-opened.png') });
  });
});
