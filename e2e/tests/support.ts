import { expect } from '@playwright/test';
import type { Locator, Page, Request, Response } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const ACCOUNTS = {
  admin: 'admin@canteiro.test',
  base: 'base@canteiro.test',
  work: 'work@canteiro.test',
  contract: 'contract@canteiro.test',
  reporter: 'reporter@canteiro.test',
  first: 'first@canteiro.test',
} as const;

/** A watched page's requests in flight (but the live figures' stream: it stays open) and when that last changed. */
interface Traffic {
  pending: Set<Request>;
  /** Requests seen since the page was first watched. */
  started: number;
  changedAt: number;
}
const traffic = new WeakMap<Page, Traffic>();

/** Starts counting a page's requests in flight (signing in does: before any screen is opened). */
export function watchRequests(page: Page): void {
  if (traffic.has(page)) return;
  const watched: Traffic = { pending: new Set(), started: 0, changedAt: Date.now() };
  traffic.set(page, watched);
  page.on('request', (request) => {
    if (request.url().includes('/api/dashboards/live')) return;
    watched.pending.add(request);
    watched.started += 1;
    watched.changedAt = Date.now();
  });
  const ended = (request: Request) => {
    if (watched.pending.delete(request)) watched.changedAt = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * The page has what it asked for and asks for nothing more: no request in flight for `quietMs`,
 * then two of the page's frames, each followed by a task (what the last answers brought is
 * rendered and its effects have run, so any request they make has been made), with no request
 * seen meanwhile; else it starts again. A request the page starts reaches us (CDP's
 * `requestWillBeSent`, from the renderer) before the answer of the evaluate that waited for the
 * frames, so none slips between. Blind to the live figures' stream, which a dashboard keeps open
 * while it is shown (docs/dashboards.md, "Live figures"). Playwright's 'networkidle' waits 500 ms
 * without a request instead: most of the accessibility walk's waiting (~0.4 s of each of its
 * ~150 states). `requestIdleCallback` in place of the frames: a page that animates is seldom
 * idle, and half the waits ran to its timeout.
 */
export async function networkQuiet(page: Page, quietMs = 150): Promise<void> {
  const watched = traffic.get(page);
  // Never signed in here: no dashboard, no stream.
  if (!watched) return page.waitForLoadState('networkidle');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const wait = watched.changedAt + quietMs - Date.now();
    if (watched.pending.size > 0 || wait > 0) {
      await page.waitForTimeout(Math.max(25, Math.min(wait, 100)));
      continue;
    }
    const seen = watched.started;
    await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      await frame();
      await frame();
    });
    if (watched.pending.size === 0 && watched.started === seen) return;
  }
  throw new Error(
    `networkQuiet: still in flight after 30 s: ${[...watched.pending].map((request) => request.url()).join(', ')}`,
  );
}

/** Signs in through the login form, as a person does. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  watchRequests(page);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha|^Password/).fill(password);
  await page.getByRole('button', { name: /^Entrar$|^Sign in$/ }).click();
}

/**
 * Signs in through the API and stores the session as the app does, to reach a screen quickly.
 * From a document of the API's origin (the health answer), not the login page: the app's
 * scripts are loaded once, by the screen the test opens next, not twice (docs/testing.md).
 */
export async function signIn(page: Page, account: keyof typeof ACCOUNTS): Promise<void> {
  watchRequests(page);
  await page.goto('/api/health');
  const session = await page.evaluate(
    async ({ email, password }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const response = await fetch('/api/authentication/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email, password, from_web: true }),
      });
      return { status: response.status, body: await response.json() };
    },
    { email: ACCOUNTS[account], password: DEMO_PASSWORD },
  );
  expect(session.status).toBe(200);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session.body);
}

/** The labels of the current module's menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByTestId('module-menu');
  await expect(menu).toBeVisible();
  return (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/**
 * Opens a list from the module's menu and waits until the list shown is the new one (its region
 * is named after its list, so a click on the old screen's buttons cannot happen): a click costs
 * ~0.3 CPU-s, loading the app with `goto` ~1.1 (docs/testing.md). `path` is the link's, as
 * `/admin/work`; the address keeps what the screen adds (a Management screen's contract).
 */
export async function openFromMenu(page: Page, path: string): Promise<void> {
  const list = page.getByTestId('resource-list');
  const shown = (await list.count()) > 0 ? await list.getAttribute('aria-label') : null;
  await page.getByTestId('module-menu').locator(`a[href="${path}"]`).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(list).toHaveAttribute('aria-label', /./);
  if (shown) await expect(list).not.toHaveAttribute('aria-label', shown);
}

/** The open resource form (its buttons live in the modal's footer). */
export const formDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('resource-form') });

/** Opens a select by its label, types the start of the option to narrow it and picks it. */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option.slice(0, 12));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Types a date as a person does, then leaves the field. */
export async function typeDate(dialog: Locator, label: string, date: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

/**
 * Waits until nothing under `target` has changed for `quietMs`: a chart apexcharts has drawn and
 * will not draw again at once (a redraw on its parent's resize replaces every element, and a
 * click on one of the old ones is lost).
 */
export async function settled(target: Locator, quietMs = 300): Promise<void> {
  await target.evaluate(
    (element, quiet) =>
      new Promise<void>((done) => {
        let timer = setTimeout(finish, quiet);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quiet);
        });
        function finish() {
          observer.disconnect();
          done();
        }
        observer.observe(element, { subtree: true, childList: true, attributes: true });
      }),
    quietMs,
  );
}

/** Every finite CSS animation or transition has ended (a dialog's fade, a confirmation closing). */
export async function stillness(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The JSON of the first answer `matches` accepts whose body the page kept. A dashboard's query
 * whose key moves on (the default range written, the contract corrected) aborts its request:
 * its headers arrive, ok, but its body never does, and reading it fails ("No data found for
 * resource"). Start waiting before the navigation or click that asks.
 */
export function firstJson<T>(page: Page, matches: (response: Response) => boolean, timeoutMs = 15_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      page.off('response', onResponse);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no readable answer within ${timeoutMs} ms`));
    }, timeoutMs);
    function onResponse(response: Response): void {
      if (!response.ok() || !matches(response)) return;
      response.json().then(
        (body: unknown) => {
          done();
          resolve(body as T);
        },
        () => undefined, // aborted by the page: the next one answers
      );
    }
    page.on('response', onResponse);
  });
}
