/** A text's box as apexcharts measures it. */
interface TextBox {
  width: number;
  height: number;
}

type Measure = (
  this: unknown,
  text: unknown,
  fontSize?: unknown,
  fontFamily?: unknown,
  transform?: unknown,
  useBBox?: boolean,
) => TextBox;

/** How many measures are kept at most (every label of a session's charts is far fewer). */
export const KEPT_MEASURES = 2_000;

const kept = new WeakSet<object>();

/**
 * apexcharts measures each label before it places it (its `Graphics.getTextRects`): it adds the
 * text to the chart's SVG and asks for its box, a forced layout each time, and measures the same
 * weekday, date and share again on every redraw. A filter change redraws four of project
 * health's charts: their labels were ~20 of their ~85 ms (docs/frontend.md, "A filter change").
 * The same text in the same size, font and rotation has the same box: kept here, by those four
 * and apexcharts' choice of box, once it is a real one (a chart drawn hidden measures nothing:
 * not kept). Our fonts are the system's (`themeTokens.fontFamily`, no web font), so a box does
 * not change when a font arrives. Given the chart at its `beforeMount` (every Chart's options);
 * an apexcharts without that method is left as it is.
 */
export function keepTextMeasures(chart: unknown): void {
  const graphics = (chart as { ctx?: { graphics?: unknown } } | null)?.ctx?.graphics;
  const prototype: unknown = typeof graphics === 'object' && graphics !== null ? Object.getPrototypeOf(graphics) : null;
  if (typeof prototype !== 'object' || prototype === null || kept.has(prototype)) return;
  const owner = prototype as { getTextRects?: unknown };
  if (typeof owner.getTextRects !== 'function') return;
  kept.add(prototype);
  const measure = owner.getTextRects as Measure;
  const boxes = new Map<string, TextBox>();
  const measureOnce: Measure = function (text, fontSize, fontFamily, transform, useBBox = true) {
    const key = JSON.stringify([text, fontSize, fontFamily, transform, useBBox]);
    const known = boxes.get(key);
    if (known) return { ...known };
    const box = measure.call(this, text, fontSize, fontFamily, transform, useBBox);
    if (box.width > 0 && box.height > 0) {
      if (boxes.size >= KEPT_MEASURES) boxes.clear();
      boxes.set(key, { width: box.width, height: box.height });
    }
    return box;
  };
  owner.getTextRects = measureOnce;
}
