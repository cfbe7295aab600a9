import { navColors, themeTokens } from '@canteiro/shared/core';

/**
 * The rules every page of the host needs from its first paint, the login page's start included
 * (it loads no more than these): the view fade and the skip link shown only with the focus.
 */
const css = `
@keyframes canteiro-fade-in { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }
.canteiro-fade { animation: canteiro-fade-in 220ms ease-out both; }
.canteiro-skip-link { position: fixed; top: 8px; left: 8px; z-index: 3000; padding: 8px 16px; border-radius: 6px; background: #fff; color: ${navColors.activeText}; font-weight: 600; box-shadow: 0 4px 16px #0003; transform: translateY(-200%); }
.canteiro-skip-link:focus { transform: none; outline: 2px solid ${themeTokens.colorPrimary}; outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) { .canteiro-fade { animation: none; } }
`;

if (typeof document !== 'undefined' && !document.getElementById('canteiro-base-styles')) {
  const style = document.createElement('style');
  style.id = 'canteiro-base-styles';
  style.textContent = css;
  document.head.appendChild(style);
}
