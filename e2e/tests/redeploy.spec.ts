import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from './support';

/**
 * A module team's deploy never breaks an open page. The test cannot afford a real
 * webpack build, so it "redeploys" remote-dash by copying its build with every content hash
 * changed (file names and every reference to them: remoteEntry.js, mf-manifest.json, chunks),
 * and from then on answers /remotes/dash/ from that copy alone, as a server or a CDN whose
 * folder was replaced: the open page's next chunk of the previous build is a 404.
 */

const DASH_BUILD = resolve(import.meta.dirname, '../../remote-dash/dist');
const HASHED = /\.([0-9a-f]{10})\./;
const TEXT = /\.(js|json|html|txt|css|svg)$/;
const WELCOME = 'Bem-vindo aos Dashboards';
const NEW_WELCOME = 'Boas-vindas aos Dashboards';

/** The build as if made again from changed sources: each `changes` text replaced, every hashed name new. */
function rebuiltCopy(build: string, changes: Record<string, string>): string {
  const copy = mkdtempSync(join(tmpdir(), 'canteiro-redeploy-'));
  const files = readdirSync(build, { recursive: true, encoding: 'utf8' }).filter(
    (file) => !file.endsWith('.map') && statSync(join(build, file)).isFile(),
  );
  const renamed = new Map<string, string>();
  for (const file of files) {
    const hash = HASHED.exec(file)?.[1];
    if (hash) renamed.set(hash, createHash('sha1').update(`${hash} redeployed`).digest('hex').slice(0, 10));
  }
  const anyHash = new RegExp([...renamed.keys()].join('|'), 'g');
  const rename = (text: string) =>
    Object.entries(changes).reduce(
      (changed, [from, to]) => changed.replaceAll(from, to),
      text.replace(anyHash, (hash) => renamed.get(hash) ?? hash),
    );
  for (const file of files) {
    const target = join(copy, rename(file));
    mkdirSync(dirname(target), { recursive: true });
    const content = readFileSync(join(build, file));
    writeFileSync(target, TEXT.test(file) ? rename(content.toString('utf8')) : content);
  }
  return copy;
}

/** From now on the page's /remotes/dash/ is the copy: what it lacks is a 404, as on the server. */
async function serveDashFrom(page: Page, folder: string): Promise<void> {
  await page.route('**/remotes/dash/**', async (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/remotes\/dash\//, ''));
    const file = join(folder, name);
    if (name && existsSync(file) && statSync(file).isFile()) {
      const cacheControl = HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
      await route.fulfill({ path: file, headers: { 'cache-control': cacheControl } });
    } else {
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"not_found"}' });
    }
  });
}

test('a dashboard left open across a redeploy of remote-dash opens its next screen', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/remotes/dash/')) missing.push(response.url());
  });

  await signIn(page, 'admin');
  await page.goto('/dash/project-health');
  await expect(page.getByTestId('screen-project-health')).toBeVisible();

  const copy = rebuiltCopy(DASH_BUILD, { [WELCOME]: NEW_WELCOME });
  try {
    await serveDashFrom(page, copy);
    // Inside the open page: the routine screen's chunk was never loaded, and its old name is gone.
    await page.getByTestId('module-menu').getByRole('link', { name: 'Rotina' }).click();
    await expect(page).toHaveURL(/\/dash\/routine/);
    await expect(page.getByTestId('screen-routine')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Rotina' })).toBeVisible();
    await expect(page.getByTestId('module-error')).toHaveCount(0);
    expect(missing.length, 'the previous build was really gone').toBeGreaterThan(0);

    // The module runs on the new build from then on, its own words included: not a mix of both builds.
    await page.getByTestId('module-menu').getByRole('link', { name: 'Dashboards' }).click();
    await expect(page.getByTestId('module-welcome')).toContainText(NEW_WELCOME);
    await page.getByTestId('module-menu').getByRole('link', { name: 'Saúde do projeto' }).click();
    await expect(page.getByTestId('screen-project-health')).toBeVisible();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Início' }).click();
    await expect(page.getByTestId('home-modules')).toBeVisible();
    expect(pageErrors).toEqual([]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
