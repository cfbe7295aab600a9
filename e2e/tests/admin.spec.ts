import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { choose, formDialog, openFromMenu, signIn, signInWithForm, stillness, typeDate } from './support';
import { blockingViolations } from './axe';

const unique = Date.now().toString(36).slice(-5).toUpperCase();

/** A real 1×1 PNG (every chunk with its CRC: the server checks the whole structure). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082',
  'hex',
);

/** Adds a row on the list at `path`, opened from the module's menu (the app is loaded). */
async function addRow(page: Page, path: string, fill: (dialog: Locator) => Promise<void>) {
  await openFromMenu(page, path);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = formDialog(page);
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('resource-form')).toHaveCount(0);
}

test.describe.serial('Administration', () => {
  // Each test walks several screens and forms: 18 s alone, 66 s measured in CI beside the
  // other worker (two cores shared by two Chromiums and the server's argon2id sign-ins).
  test.setTimeout(180_000);
  const base = `Base E2E ${unique}`;
  const work = `Obra E2E ${unique}`;
  const contract = `Contratada E2E ${unique}`;
  const email = `novo.${unique.toLowerCase()}@canteiro.test`;

  test('an admin creates base → work → contract → user, who signs in with the temporary password and is told to change it', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    await addRow(page, '/admin/base', async (dialog) => {
      await dialog.getByLabel('Nome', { exact: true }).fill(base);
      await choose(page, dialog, 'Estado', 'PR — Paraná');
    });
    await page.getByLabel('Buscar').fill(base);
    await expect(page.locator('.ant-table-row', { hasText: base })).toContainText('PR — Paraná');

    await addRow(page, '/admin/work', async (dialog) => {
      await dialog.getByLabel('Nome', { exact: true }).fill(work);
      await dialog.getByLabel('PRJ', { exact: true }).fill(`PRJ-${unique}`);
      await dialog.getByLabel('Descrição', { exact: true }).fill('Obra criada pelo teste de ponta a ponta.');
      await choose(page, dialog, 'Base', base);
      await typeDate(dialog, 'Início', '01/03/2026');
      await typeDate(dialog, 'Término', '30/11/2026');
    });
    await page.getByLabel('Buscar').fill(work);
    await expect(page.locator('.ant-table-row', { hasText: work })).toContainText(base);

    await addRow(page, '/admin/contract', async (dialog) => {
      await dialog.getByLabel('Nome', { exact: true }).fill(contract);
      await dialog.getByLabel('Descrição', { exact: true }).fill('Contratada criada pelo teste.');
      await choose(page, dialog, 'Base', base);
      await choose(page, dialog, 'Obra', work);
      await dialog.getByLabel('Meta de apontamentos/dia', { exact: true }).fill('12');
    });
    await page.getByLabel('Buscar').fill(contract);
    await expect(page.locator('.ant-table-row', { hasText: contract })).toContainText(work);

    await addRow(page, '/admin/user', async (dialog) => {
      await dialog.getByLabel('Nome', { exact: true }).fill('Novo Apontador');
      await dialog.getByLabel('E-mail', { exact: true }).fill(email);
      await dialog.getByLabel('Senha temporária', { exact: true }).fill('temp12345');
      await choose(page, dialog, 'Perfil', 'Contratada');
      await choose(page, dialog, 'Base', base);
      await choose(page, dialog, 'Obra', work);
      await choose(page, dialog, 'Contratada', contract);
    });
    await page.getByLabel('Buscar').fill(email);
    await expect(page.locator('.ant-table-row', { hasText: email })).toContainText(contract);

    await page.evaluate(() => localStorage.clear());
    await signInWithForm(page, email, 'temp12345');
    await expect(page).toHaveURL(/\/password$/);
    await expect(page.getByTestId('first-access')).toContainText('senha temporária');
  });

  test('an admin gives that user a profile picture: a text file is refused, a PNG is kept and shown', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto(`/admin/user?search=${encodeURIComponent(email)}`);
    await page.locator('.ant-table-row', { hasText: email }).getByRole('button', { name: 'Editar' }).click();
    const dialog = formDialog(page);
    const picker = dialog.getByTestId('field-picture-file');
    await picker.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(dialog.getByText('A imagem deve ser JPEG, JPG ou PNG de até 2 MB.')).toBeVisible();
    await picker.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByText('foto.png')).toBeVisible();
    const uploaded = page.waitForResponse((response) => /\/api\/users\/\d+\/picture$/.test(response.url()));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByTestId('resource-form')).toHaveCount(0);

    // Opened again, the form shows the stored picture, fetched from the API with the session.
    await page.locator('.ant-table-row', { hasText: email }).getByRole('button', { name: 'Editar' }).click();
    const preview = formDialog(page).getByAltText('Prévia da imagem');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  });

  test('a duplicate base name is refused with its message, on its field', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/base');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = formDialog(page);
    await dialog.getByLabel('Nome', { exact: true }).fill(base.toUpperCase());
    await choose(page, dialog, 'Estado', 'SP — São Paulo');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByTestId('form-error')).toBeVisible();
    await expect(dialog.getByLabel('Nome', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('a base deactivated through both confirmations leaves the selects and locks its users out', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(`/admin/base?search=${encodeURIComponent(base)}`);
    const row = page.locator('.ant-table-row', { hasText: base });
    await row.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText(`Deseja desativar ${base}?`)).toBeVisible();
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Tem certeza?')).toBeVisible();
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('no-results')).toBeVisible();
    await page.getByText('Mostrar inativos').click();
    await expect(page.locator('.ant-table-row', { hasText: base })).toContainText('Inativo');
    await expect(page).toHaveURL(/inactive=1/);

    // Its works are inactive through their parent: hidden with "Mostrar inativos" off, marked with it on.
    await page.goto(`/admin/work?search=${encodeURIComponent(work)}`);
    await expect(page.getByTestId('no-results')).toBeVisible();
    await page.goto(`/admin/work?search=${encodeURIComponent(work)}&inactive=1`);
    await expect(page.locator('.ant-table-row', { hasText: work })).toContainText('Inativo pelo nível superior');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = formDialog(page);
    await dialog.getByLabel('Base', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: base })).toHaveCount(
      0,
    );

    await page.evaluate(() => localStorage.clear());
    await signInWithForm(page, email, 'temp12345');
    await expect(page.getByTestId('login-error')).toHaveText(/^Credenciais inválidas ou usuário inativo/);
  });

  test('a work user sees only its own work, its contracts and its users', async ({ page }) => {
    await signIn(page, 'work');
    await page.goto('/admin/work');
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(page.locator('.ant-table-row')).toContainText('Residencial Parque das Araucárias');
    await page.goto('/admin/contract');
    const contracts = page.locator('.ant-table-row');
    await expect(contracts.first()).toBeVisible();
    for (const text of await contracts.allInnerTexts()) expect(text).toContain('Residencial Parque das Araucárias');
    await page.goto(`/admin/user?search=${encodeURIComponent(email)}`);
    await expect(page.getByTestId('no-results')).toBeVisible();
    await page.goto('/admin/base');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test("an occurrence's class change shows what it rewrites, and Cancel keeps everything; the audit trail lists an edit", async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto(`/admin/occurrence?search=${encodeURIComponent('Aguardando material')}`);
    const row = page.locator('.ant-table-row', { hasText: 'Aguardando material' });
    await expect(row).toContainText('Perda evidente');
    await row.getByRole('button', { name: /Editar/ }).click();
    const dialog = formDialog(page);
    await choose(page, dialog, 'Classificação', 'Perda oculta');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    // The demo's reports use it in every reported contract: the shares each one would see.
    await expect(page.getByTestId('impact-summary')).toContainText(/observações em \d+ contratadas mudam de classe/);
    await expect(page.getByText(/: perda oculta [\d,]+% → [\d,]+%, perda evidente/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Mudar a classe' }).click();
    await expect(page.getByText('Tem certeza?')).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).last().click();
    await expect(page.getByText('Tem certeza?')).toHaveCount(0);
    // Escape reaches the form once the confirmation has finished closing (CI once pressed it
    // during the fade: the key went to the closing confirmation and the form stayed open).
    await stillness(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Descartar' }).click();
    await page.reload();
    await expect(page.locator('.ant-table-row', { hasText: 'Aguardando material' })).toContainText('Perda evidente');

    // The renamed base of the first test is in the trail, with its before and after.
    await page.goto('/admin/audit?entity=bases');
    await expect(page.getByTestId('audit-changes').first()).toContainText('→');
  });

  test('a deactivation says what it hides, and Cancel keeps the record active', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(`/admin/work?search=${encodeURIComponent('Residencial Parque das Araucárias')}`);
    const row = page.locator('.ant-table-row', { hasText: 'Residencial Parque das Araucárias' });
    await row.getByRole('button', { name: 'Desativar' }).click();
    // The demo's work holds contracts, their catalogue and the people who sign in through it.
    const impact = page.getByTestId('deactivation-impact');
    await expect(impact).toContainText(/Deixam de aparecer \(listas, seleções e o aplicativo\): \d+ contratadas?, /);
    await expect(impact).toContainText(/\d+ usuários?, que não poder(á|ão) entrar/);
    await expect(impact).toContainText(/\d+ atividades?/);
    // The dialog holds no serious accessibility violation, at the narrowest width and the widest.
    for (const width of [1064, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await blockingViolations(page), `@${width}`).toEqual([]);
    }
    await page.getByRole('button', { name: 'Cancelar' }).last().click();
    await expect(impact).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.ant-table-row', { hasText: 'Residencial Parque das Araucárias' })).toContainText(
      'Ativo',
    );
  });
});
