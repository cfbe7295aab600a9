import { navColors } from '@canteiro/shared/core';

/** The few global rules antd does not give: the view fade and the nav hover. */
const css = `
@keyframes canteiro-fade-in { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }
.canteiro-fade { animation: canteiro-fade-in 220ms ease-out both; }
.canteiro-nav-item:not(.active):hover { background-color: ${navColors.hoverBackground} !important; }
.canteiro-module-card { transition: box-shadow 160ms, transform 160ms; }
.canteiro-module-card:hover { box-shadow: 0 8px 28px #1b3a1c1f; transform: translateY(-2px); }
@media (prefers-reduced-motion: reduce) { .canteiro-fade { animation: none; } }
`;

if (typeof document !== 'undefined' && !document.getElementById('canteiro-global-styles')) {
  const style = document.createElement('style');
  style.id = 'canteiro-global-styles';
  style.textContent = css;
  document.head.appendChild(style);
}
