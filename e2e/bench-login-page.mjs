// The login page's part of `pnpm bench` (bench.mjs): the product's login page beside a bare
// React 19 page the bench builds itself (esbuild, minified, production React: a form of two
// labelled inputs and a button), served from loopback by a plain Node server. Both are timed the
// same way, from the navigation to a form that takes typing, in a new context each run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const BARE_APP = `
import { createRoot } from 'react-dom/client';
import { jsx, jsxs } from 'react/jsx-runtime';
function Login() {
  return jsxs('form', { children: [
    jsx('label', { htmlFor: 'email', children: 'E-mail' }),
    jsx('input', { id: 'email', type: 'email' }),
    jsx('label', { htmlFor: 'password', children: 'Senha' }),
    jsx('input', { id: 'password', type: 'password' }),
    jsx('button', { type: 'submit', children: 'Entrar' }),
  ] });
}
createRoot(document.getElementById('root')).render(jsx(Login, {}));
`;

/** Builds the bare page into a new directory and serves it; `url` is its address, `close` stops it. */
export async function serveBarePage() {
  const dir = mkdtempSync(join(tmpdir(), 'canteiro-bare-page-'));
  await build({
    stdin: { contents: BARE_APP, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: join(dir, 'bare.js'),
    logLevel: 'silent',
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>bare</title>' +
      '<script type="module" src="/bare.js"></script></head><body><div id="root"></div></body></html>',
  );
  const files = {
    '/': { type: 'text/html', body: readFileSync(join(dir, 'index.html')) },
    '/bare.js': { type: 'text/javascript', body: readFileSync(join(dir, 'bare.js')) },
  };
  const server = createServer((request, response) => {
    const file = Object.hasOwn(files, request.url ?? '') ? files[request.url] : undefined;
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * In the page's own clock, from the navigation's start: the first frame that shows an e-mail
 * input and the "Entrar" button (checked on every animation frame from the document's start).
 */
const WATCH_FORM = () => {
  const check = () => {
    const shown =
      globalThis.document.querySelector('input[type=email]') &&
      [...globalThis.document.querySelectorAll('button')].some((button) => button.textContent.trim() === 'Entrar');
    if (shown) globalThis.__formAt = globalThis.performance.now();
    else globalThis.requestAnimationFrame(check);
  };
  globalThis.requestAnimationFrame(check);
};

/**
 * Navigation → the login form drawn, for each page of `urls`, alternating (a run of each in turn,
 * so a slower moment of the machine weighs on both), cold (a new context each run): in the
 * page (from the navigation's start, the page's clock) and from Playwright's side (a form that
 * takes typing, its round trips included).
 */
export async function timeLoginForms(browser, urls, runs) {
  const times = urls.map(() => ({ inPage: [], outside: [] }));
  for (let run = 0; run < runs; run++) {
    for (const [index, url] of urls.entries()) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(WATCH_FORM);
      const started = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'visible' });
      await page.getByLabel('E-mail').isEditable();
      times[index].outside.push(performance.now() - started);
      times[index].inPage.push(await page.waitForFunction(() => globalThis.__formAt).then((at) => at.jsonValue()));
      await context.close();
    }
  }
  return times;
}
