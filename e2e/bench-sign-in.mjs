// The sign-in's part of `pnpm bench` (e2e/bench.mjs): what the page does after the server has
// answered the sign-in, until home is drawn (docs/frontend.md, "Start path").
import { BASE } from './bench-server.mjs';

const TYPING_DELAY_MS = 40;

/**
 * The sign-in as a person makes it, new context each run: from the moment the sign-in's answer
 * reaches the page to home's module cards drawn (what the page does after the server is done),
 * and from the click.
 */
export async function timeSignIn(browser, runs) {
  const afterAnswer = [];
  const fromClick = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    // Typed as a fast typist does (25 characters a second): the login page loads the shell
    // while the person types (docs/frontend.md, "Start path"), as it does for a real person.
    await page.getByLabel('E-mail').pressSequentially('admin@canteiro.test', { delay: TYPING_DELAY_MS });
    await page.getByLabel('Senha').pressSequentially('demo1234', { delay: TYPING_DELAY_MS });
    // The answer's arrival, read in the page's own clock, as every other instant below.
    await page.evaluate(() => {
      globalThis.__signIn = {};
      new globalThis.PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name.endsWith('/api/authentication/login')) globalThis.__signIn.answer = entry.responseEnd;
      }).observe({ type: 'resource', buffered: false });
    });
    await page.getByRole('button', { name: 'Entrar' }).evaluate((button) => {
      globalThis.__signIn.click = performance.now();
      button.click();
    });
    await page.waitForFunction(
      () => {
        if (!globalThis.document.querySelector('[data-testid="home-modules"]')) return false;
        globalThis.__signIn.home ??= performance.now();
        return globalThis.__signIn.answer !== undefined;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    const { answer, click, home } = await page.evaluate(() => globalThis.__signIn);
    afterAnswer.push(home - answer);
    fromClick.push(home - click);
    await context.close();
  }
  return { afterAnswer, fromClick };
}
