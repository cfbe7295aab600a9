import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { PRINTING_CLASS } from '@canteiro/shared/core';

/**
 * Printing a dashboard (docs/frontend.md, "Printing"): A4 landscape, every chart at the
 * printed width. apexcharts draws its SVG at a pixel width and redraws on a resize the
 * browser does not send when it prints, so on `beforeprint` (and when the print medium
 * starts to match: a PDF printed by a test, the emulated medium) the page takes its printed
 * layout (PRINTING_CLASS on <html>: the rules of `@media print`, print-styles.ts), the screens re-render for paper
 * (tables unpaged) and every chart is redrawn at its printed width, all before the browser
 * lays the pages out; `afterprint` puts the screen back.
 */

/** An apexcharts instance as its global registry holds it (only what is called here). */
interface ApexInstance {
  updateOptions(options: { chart: { width: number | string } }, redraw?: boolean, animate?: boolean): unknown;
}
type ApexRegistry = { Apex?: { _chartInstances?: { id: string; chart: ApexInstance }[] } };

let printing = false;
const listeners = new Set<() => void>();

/** Each drawn chart at the width of its box now: the printed one while printing, `100%` after. */
function redrawCharts(): void {
  const instances = (window as unknown as ApexRegistry).Apex?._chartInstances ?? [];
  for (const { id, chart } of instances) {
    const box = document.querySelector<HTMLElement>(`[data-chart-id="${id}"]`);
    if (!box) continue;
    // Reading the width lays the page out with PRINTING_CLASS: the printed width, synchronously.
    const width = printing ? Math.floor(box.getBoundingClientRect().width) : '100%';
    // No animation: the page is laid out for paper right after this handler.
    chart.updateOptions({ chart: { width } }, false, false);
  }
}

function setPrinting(next: boolean): void {
  if (next === printing) return;
  printing = next;
  document.documentElement.classList.toggle(PRINTING_CLASS, next);
  // The screens' paper look (usePrinting) is committed before the charts measure their boxes.
  flushSync(() => listeners.forEach((listener) => listener()));
  redrawCharts();
}

let installed = false;

/** The print events, once per page. */
function install(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('beforeprint', () => setPrinting(true));
  window.addEventListener('afterprint', () => setPrinting(false));
  const print = window.matchMedia?.('print');
  print?.addEventListener?.('change', (event) => setPrinting(event.matches));
}

function subscribe(listener: () => void): () => void {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the page is printed: a screen draws for paper (every row of a table, no pages). */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, () => printing);
}

/** The state as the print events set it (tests). */
export const printEvents = { setPrinting };
