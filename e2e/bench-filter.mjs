// A filter change on project health, as a person makes it (part of `pnpm bench`, bench.mjs):
// the contract user picks a function in the header's select; timed in the page, from the click
// on the option (the event's own time) to the request leaving and its answer (Resource Timing)
// and to the six charts drawn again with it (two frames after). Timed from Playwright's side, each
// figure also held Playwright's own work before the click (~250 ms of actionability checks).
// The screen is open and settled first; each run picks another function.
import { BASE } from './bench-server.mjs';

// Every function of the demo's contract, each picked once: each answer is the server's first of it.
const FUNCTIONS = ['Carpinteiro', 'Pedreiro', 'Servente', 'Armador', 'Eletricista', 'Encanador', 'Pintor'];
const ANSWER = '/api/dashboards/project-health?';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function timeFilterChange(browser, runs = FUNCTIONS.length) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const rows = [];
  try {
    await page.goto(`${BASE}/login`);
    await page.getByLabel('E-mail').fill('contract@canteiro.test');
    await page.getByLabel(/^Senha/).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByTestId('home-modules').waitFor();
    await page.goto(`${BASE}/dash/project-health`);
    await page.getByTestId('dashboard-project-health').locator('.apexcharts-canvas').nth(5).waitFor();
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      globalThis.document.addEventListener('click', (event) => (globalThis.__clickedAt = event.timeStamp), true);
    });
    for (const name of FUNCTIONS.slice(0, runs)) {
      await page.getByTestId('dash-filters').getByLabel('Função', { exact: true }).click();
      await page.keyboard.type(name.slice(0, 12));
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first();
      await option.waitFor();
      await page.evaluate(() => globalThis.performance.clearResourceTimings());
      const answered = page.waitForResponse((response) => response.url().includes(ANSWER));
      await option.click();
      await answered;
      await page.waitForFunction(
        () =>
          !globalThis.document.querySelector('.ant-spin-spinning, [aria-busy="true"]') &&
          globalThis.document.querySelectorAll('[data-testid="dashboard-project-health"] .apexcharts-canvas').length ===
            6,
        null,
        { polling: 'raf' },
      );
      rows.push(
        await page.evaluate(
          (answer) =>
            new Promise((done) =>
              globalThis.requestAnimationFrame(() =>
                globalThis.requestAnimationFrame(() => {
                  const clicked = globalThis.__clickedAt;
                  const call = globalThis.performance
                    .getEntriesByType('resource')
                    .find((entry) => entry.name.includes(answer));
                  done({
                    request: call.startTime - clicked,
                    answer: call.responseEnd - clicked,
                    drawn: globalThis.performance.now() - clicked,
                  });
                }),
              ),
            ),
          ANSWER,
        ),
      );
      await page.waitForTimeout(800);
    }
    return rows;
  } catch (error) {
    console.log(`filter change not measured: ${error.message.split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

export function printFilterChange(rows) {
  if (!rows) return;
  const at = (key) =>
    median(rows.map((row) => row[key]))
      .toFixed(0)
      .padStart(5);
  console.log(`\nFilter change on project health (a function picked; median of ${rows.length}, warm)`);
  console.log(`  click → request leaves                ${at('request')} ms`);
  console.log(`  click → answer in                     ${at('answer')} ms`);
  console.log(`  click → six charts drawn again        ${at('drawn')} ms`);
}
