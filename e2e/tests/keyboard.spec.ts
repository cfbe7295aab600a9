import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { signIn } from './support';

/** Presses Tab until `target` has the focus, as a keyboard user does; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('the product by keyboard alone', () => {
  test('skip link first, then the menu; Enter opens a list; its add dialog opens, takes the focus and gives it back', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByTestId('user-block')).toBeVisible();
    // The module's welcome page is in place and nothing is still loading before the first key.
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The first Tab stop is the skip link, shown when it has the focus.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/admin$/);

    // One main, one named navigation, one h1.
    await expect(page.getByRole('main')).toHaveCount(1);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);

    // From the top again: skip link, Início, the module's start, Bases.
    await page.goto('/admin');
    await expect(page.getByTestId('user-block')).toBeVisible();
    await expect(page.locator('h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Início' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Administrador' })).toBeFocused();
    await page.keyboard.press('Tab');
    const bases = nav.getByRole('link', { name: 'Bases' });
    await expect(bases).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/base$/);
    await expect(page.getByTestId('resource-bases')).toBeVisible();
    // The menu is not rebuilt by the navigation: the focus is still on the entry just used.
    await expect(bases).toBeFocused();

    const add = page.getByRole('main').getByRole('button', { name: 'Adicionar' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
  });

  test('the avatar menu: Enter opens it on its first item, arrows stay in it, Escape closes it back on the avatar', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByTestId('user-block')).toBeVisible();
    const avatar = page.getByRole('button', { name: 'Menu do usuário' });
    await tabTo(page, avatar);
    await expect(avatar).toHaveAttribute('aria-haspopup', 'menu');

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const change = menu.getByRole('menuitem', { name: 'Alterar senha' });
    await expect(change).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem').last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(avatar).toBeFocused();
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(change).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await expect(change).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/password$/);
  });
});
