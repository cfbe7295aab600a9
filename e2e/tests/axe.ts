import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type AxeViolation = AxeResults['violations'][number];

/** The WCAG 2.1 A and AA rules: what every audit of the suite runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

// The axe-core that @axe-core/playwright depends on (the same rules, the same version).
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations of the page as it is now, whole document, for the rules of `tags`.
 *
 * What `new AxeBuilder({ page }).withTags(tags).analyze()` finds, for less CPU (the suite's
 * heaviest cost; measured on a management list, ~1 100 elements: 1.8 s → 0.45 s a run):
 * axe runs in the page with `axe.run`, as AxeBuilder's legacy mode does (the app has no
 * frames to combine), not by `runPartial` in the page and `finishRun` in a new blank page;
 * it is injected once per document, not twice a run; and passes, incomplete and
 * inapplicable results are cut to one node each (`resultTypes`): violations stay whole.
 */
export async function axeViolations(page: Page, tags: string[] = WCAG_TAGS): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (values) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values }, resultTypes: ['violations'] },
      ),
    tags,
  );
  return results.violations;
}

/** The serious and critical ones: what fails a test. */
export async function blockingViolations(page: Page, tags: string[] = WCAG_TAGS): Promise<AxeViolation[]> {
  return (await axeViolations(page, tags)).filter((violation) => BLOCKING.has(violation.impact ?? ''));
}
