// The scripts a page downloads, for `pnpm bench` (bench.mjs): each with its size raw and in gzip.
import { gzipSync } from 'node:zlib';

/** Records every script the page downloads, with its gzip size (level 6, as served). */
export function recordScripts(page) {
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body).length });
    } catch {
      // A redirect or an aborted response has no body.
    }
  });
  return scripts;
}
export const total = (scripts, key) => [...scripts.values()].reduce((sum, entry) => sum + entry[key], 0);

/** The scripts a page at `url` downloads until its network is idle. */
export async function pageDownloads(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { files: scripts.size, raw: total(scripts, 'raw'), gzip: total(scripts, 'gzip') };
}
