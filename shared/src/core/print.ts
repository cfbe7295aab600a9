/**
 * Printing (docs/frontend.md, "Printing"): the rules for paper apply under `@media print` and
 * also under PRINTING_CLASS on <html>, which the Dashboards set on `beforeprint`, so the page
 * has its printed layout while the charts are redrawn to their printed width (before the
 * browser lays the pages out) and in a test that emulates the print medium.
 */
export const PRINTING_CLASS = 'canteiro-printing';

/** A4 landscape and its margin: the printed width is 297 − 2 × 10 mm. */
export const PRINT_PAGE_CSS = '@page { size: A4 landscape; margin: 10mm; }';

/** `rules(root)` once for the print medium (root '') and once under PRINTING_CLASS. */
export const printCss = (rules: (root: string) => string): string =>
  `@media print { ${rules('')} }\n${rules(`html.${PRINTING_CLASS} `)}`;
