import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { openFromMenu, signIn } from './support';

/**
 * The CRUD kit in a real browser: tables that fit their area at the narrowest
 * and a common width, focus that is never dropped, dates as people type them, sorting and
 * filters in the URL, antd's own words in the user's language.
 */
const WIDTHS = [
  { width: 1064, height: 800 },
  { width: 1440, height: 900 },
] as const;

const list = (page: Page) => page.getByTestId('resource-list');
const rows = (page: Page) => list(page).locator('.ant-table-row');
const dialog = (page: Page) => page.getByRole('dialog');
const focusedIn = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));
/** Types into a field as a person does: select what is there, then key by key. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

for (const size of WIDTHS) {
  test(`/admin/user fits its area at ${size.width} px: one line per row, the actions in view`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page, 'admin');
    await page.goto('/admin/user');
    await expect(rows(page).first()).toBeVisible();

    const layout = await list(page).evaluate((box) => {
      const right = box.getBoundingClientRect().right + 0.5;
      const content = box.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
      return {
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        tableScrolls: content.scrollWidth - content.clientWidth,
        // The table's own boxes (cells and rows), not the text clipped inside an ellipsis cell.
        wider: Array.from(box.querySelectorAll('table, tr, th, td'))
          .filter((element) => element.getBoundingClientRect().right > right)
          .map((element) => element.textContent?.slice(0, 30)),
        heights: Array.from(box.querySelectorAll('.ant-table-row')).map((row) =>
          Math.round(row.getBoundingClientRect().height),
        ),
        cut: Array.from(box.querySelectorAll('.ant-table-row td')).filter(
          (cell) => (cell as HTMLElement).scrollWidth > (cell as HTMLElement).clientWidth,
        ).length,
      };
    });
    expect(layout.pageOverflow).toBeLessThanOrEqual(0);
    expect(layout.tableScrolls).toBeLessThanOrEqual(0);
    expect(layout.wider).toEqual([]);
    // Long e-mails and contract names are cut, not wrapped: every row has the height of the shortest.
    expect(Math.max(...layout.heights) - Math.min(...layout.heights)).toBeLessThanOrEqual(1);
    if (size.width === 1064) expect(layout.cut).toBeGreaterThan(0);

    for (const row of (await rows(page).all()).slice(0, 3)) {
      await expect(row.getByRole('button', { name: 'Editar', exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(rows(page).nth(1).getByRole('button', { name: 'Desativar', exact: true })).toBeInViewport({
      ratio: 1,
    });
  });
}

test('at 1064 px every column header of every Administration list is read whole (headers wrap, cells do not)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1064, height: 800 });
  await signIn(page, 'admin');
  // Loaded once; each list opened from the module's menu (a load costs ~1.1 CPU-s, a click ~0.3),
  // and read once it is the new screen's (the region is named after its list).
  await page.goto('/admin');
  for (const screen of ['base', 'work', 'contract', 'occurrence', 'user', 'survey']) {
    await openFromMenu(page, `/admin/${screen}`);
    await expect(rows(page).first()).toBeVisible();
    const cut = await list(page).evaluate((box) =>
      Array.from(box.querySelectorAll('thead th'))
        .filter((header) =>
          [header, ...Array.from(header.querySelectorAll('*'))].some(
            (element) => (element as HTMLElement).scrollWidth > (element as HTMLElement).clientWidth + 1,
          ),
        )
        .map((header) => header.textContent),
    );
    expect(cut, `/admin/${screen}`).toEqual([]);
  }
});

test('a long cell shows its whole text in a tooltip', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await signIn(page, 'admin');
  await page.goto('/admin/contract');
  const cell = rows(page).first().locator('td').nth(1).locator('span').first();
  const text = (await cell.textContent()) ?? '';
  await cell.hover();
  await expect(page.getByRole('tooltip')).toHaveText(text);
});

test('a dialog opens on its first field, keeps Tab inside, and gives focus back to what opened it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/base');
  await expect(rows(page).first()).toBeVisible();

  const add = page.getByRole('button', { name: 'Adicionar', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByLabel('Nome', { exact: true })).toBeFocused();
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusedIn(dialog(page))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(add).toBeFocused();

  const edit = rows(page).nth(1).getByRole('button', { name: 'Editar', exact: true });
  await edit.click();
  await expect(dialog(page).getByLabel('Nome', { exact: true })).toBeFocused();
  await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeFocused();

  // Both confirmation steps, then cancel: focus is back on the row's own button.
  const toggle = rows(page).nth(1).getByRole('button', { name: 'Desativar', exact: true });
  await toggle.click();
  await dialog(page).getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('Tem certeza?')).toBeVisible();
  await page.getByRole('dialog').filter({ hasText: 'Tem certeza?' }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(toggle).toBeFocused();
});

test('a failed save moves focus to the first invalid field, its error linked to it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/work');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  const form = dialog(page);
  const name = form.getByLabel('Nome', { exact: true });
  await expect(name).toBeFocused();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-required', 'true');
  await expect(name).toHaveAccessibleDescription('Campo obrigatório.');
  expect(await blockingViolations(page)).toEqual([]);
});

test('date fields read what people type, keep what they cannot read, and take arrows and Enter', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/work');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  const form = dialog(page);
  const start = form.getByLabel('Início', { exact: true });
  const end = form.getByLabel('Término', { exact: true });

  await typeInto(page, start, '1/12/2026');
  await page.keyboard.press('Tab');
  await expect(start).toHaveValue('01/12/2026');
  await typeInto(page, end, '01122026');
  await page.keyboard.press('Tab');
  await expect(end).toHaveValue('01/12/2026');
  await typeInto(page, end, '2026-12-31');
  await page.keyboard.press('Enter');
  await expect(end).toHaveValue('31/12/2026');
  await typeInto(page, end, '01/12/26');
  await page.keyboard.press('Tab');
  await expect(end).toHaveValue('01/12/2026');

  // With the calendar open, arrows move the day and Enter picks it without submitting.
  await start.click();
  // .first(): the other field's calendar may still be fading out.
  await expect(page.locator('.ant-picker-dropdown:visible').first()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(start).toHaveValue('09/12/2026');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(form.getByTestId('form-error')).toHaveCount(0);
  await expect(start).toHaveValue('09/12/2026');

  await typeInto(page, start, '31/02/2026');
  await page.keyboard.press('Tab');
  await expect(start).toHaveValue('31/02/2026');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(/^Data inválida\. Use dd\/mm\/aaaa/)).toBeVisible();
  await expect(start).toHaveValue('31/02/2026');
});

test('a header sorts the list, from the mouse and the keyboard, with the order in the URL', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/user');
  await expect(rows(page).first()).toBeVisible();
  const email = page.getByRole('columnheader', { name: 'E-mail' });
  await expect(page.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'ascending');
  await email.click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(email).toHaveAttribute('aria-sort', 'ascending');
  const emails = (await rows(page).locator('td:nth-child(2)').allInnerTexts()).map((text) => text.toLowerCase());
  expect(emails[0]! <= emails.at(-1)!).toBe(true);
  await email.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=email&order=desc/);
  await expect(email).toHaveAttribute('aria-sort', 'descending');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute('aria-sort', 'descending');
});

test('list-valued columns filter the list, the choice in the URL, the clear button in Portuguese', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/occurrence');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Filtrar por Categoria' }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const category = (await option.textContent()) ?? '';
  await option.click();
  await expect(page).toHaveURL(/category=/);
  const categories = async () => new Set(await rows(page).locator('td:nth-child(2)').allInnerTexts());
  await expect.poll(categories).toEqual(new Set([category]));

  await page.goto('/admin/user');
  await page.getByRole('combobox', { name: 'Filtrar por Perfil' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Base' }).click();
  await expect(page).toHaveURL(/permission=base/);
  await expect
    .poll(async () => new Set(await rows(page).locator('td:nth-child(3)').allInnerTexts()))
    .toEqual(new Set(['Base']));
  await page.getByTestId('filter-permission').hover();
  await page.getByRole('button', { name: 'Limpar Perfil' }).click();
  await expect(page).not.toHaveURL(/permission=/);
});

test('an empty list says "0 de 0", and survey ratings show their scale', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/user?search=ninguem-com-este-nome');
  await expect(page.getByTestId('no-results')).toBeVisible();
  await expect(page.getByTestId('page-of')).toHaveText('0 de 0');
  await page.goto('/admin/survey');
  await expect(rows(page).first().locator('td').nth(2)).toHaveText(/^[1-5]\/5$/);
});

test('buttons are named by their text, not their icons', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/base');
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first().getByRole('button', { name: 'Editar', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próxima página', exact: true })).toBeVisible();
});
