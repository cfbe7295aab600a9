import { PRINT_PAGE_CSS, navColors, printCss, themeTokens } from '@canteiro/shared/core';
import './base-styles';

/**
 * The few global rules antd does not give (beside base-styles.ts): the nav hover, the avatar menu's items and a visible focus ring on the shell's own controls;
 * and the shell on paper (docs/frontend.md, "Printing"): A4 landscape, no sidebar, skip link nor
 * notifications, the content whole (no scrolling box, one page otherwise) at the printed width.
 */
const css = `
.canteiro-nav-item:not(.active):hover { background-color: ${navColors.hoverBackground} !important; }
.canteiro-module-card { transition: box-shadow 160ms, transform 160ms; }
.canteiro-module-card:hover { box-shadow: 0 8px 28px #1b3a1c1f; transform: translateY(-2px); }
.canteiro-nav-item:focus-visible, .canteiro-avatar-button:focus-visible, .canteiro-menu-item:focus-visible, .canteiro-module-card:has(.canteiro-card-link:focus-visible) { outline: 2px solid ${themeTokens.colorPrimary}; outline-offset: 2px; }
.canteiro-card-link::after { content: ''; position: absolute; inset: 0; border-radius: 10px; }
.canteiro-card-link:focus-visible { outline: none; }
.canteiro-menu-item { display: flex; align-items: center; gap: 8px; width: 100%; padding: 6px 12px; border: 0; border-radius: 6px; background: none; color: ${navColors.text}; font: inherit; font-size: 14px; line-height: 22px; text-align: left; cursor: pointer; }
.canteiro-menu-item:hover, .canteiro-menu-item:focus { background-color: ${navColors.hoverBackground}; }
${PRINT_PAGE_CSS}
${printCss(
  (root) => `
${root ? root.trim() : 'html'}, ${root}body { height: auto !important; overflow: visible !important; background: #fff !important; }
${root}.canteiro-shell { display: block !important; height: auto !important; overflow: visible !important; }
${root}.canteiro-sidebar, ${root}.canteiro-skip-link, ${root}[data-testid="notifications"] { display: none !important; }
${root}.canteiro-content { overflow: visible !important; padding: 0 !important; width: 277mm !important; max-width: 100% !important; }
${root}* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
`,
)}
`;

if (typeof document !== 'undefined' && !document.getElementById('canteiro-global-styles')) {
  const style = document.createElement('style');
  style.id = 'canteiro-global-styles';
  style.textContent = css;
  document.head.appendChild(style);
}
