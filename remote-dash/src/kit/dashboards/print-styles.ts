import { PRINT_PAGE_CSS, printCss } from '@canteiro/shared/core';

/**
 * A dashboard on paper (docs/frontend.md, "Printing"): its print header instead of the
 * screen's header (title, filter controls, export), no buttons, every scrolling region whole,
 * no chart, row or small card cut between two pages (a card with a table or a rank flows on,
 * its chart whole: kept whole it would leave the page before it blank), colours as on the
 * screen. The shell's own rules (no sidebar, the content unscrolled) are the host's; the page
 * is A4 landscape here too, for the module run on its own.
 */
const css = `
.canteiro-print-only { display: none; }
${PRINT_PAGE_CSS}
${printCss(
  (root) => `
${root}.canteiro-print-only { display: block !important; }
${root}.canteiro-dashboard .canteiro-dash-header, ${root}.canteiro-dashboard .ant-btn { display: none !important; }
${root}.canteiro-dashboard .canteiro-scroll, ${root}.canteiro-dashboard .figure-table { max-height: none !important; overflow: visible !important; }
${root}.canteiro-dashboard .ant-card, ${root}.canteiro-dashboard [data-chart], ${root}.canteiro-dashboard tr, ${root}.canteiro-dashboard li { break-inside: avoid; }
${root}.canteiro-dashboard .ant-card:has(.figure-table, .canteiro-scroll) { break-inside: auto; }
${root}.canteiro-dashboard .ant-card-head, ${root}.canteiro-dashboard h2 { break-after: avoid; }
${root}.canteiro-dashboard * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
`,
)}
`;

if (typeof document !== 'undefined' && !document.getElementById('canteiro-dash-print-styles')) {
  const style = document.createElement('style');
  style.id = 'canteiro-dash-print-styles';
  style.textContent = css;
  document.head.appendChild(style);
}
