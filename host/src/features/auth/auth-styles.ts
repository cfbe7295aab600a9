import { navColors, themeTokens } from '@canteiro/shared/core';
import { MUTED_TEXT } from '../../components/colours';

/**
 * The sign-in screens' own look, without antd (docs/frontend.md, "Start path"): the login page
 * is the first one a person waits for, and antd with its CSS-in-JS was a third of what it
 * downloaded. The rules copy antd's large input, primary button and error alert as the rest of
 * the product draws them (the same tokens), so nothing changes between the login and home.
 */
const primary = themeTokens.colorPrimary;
const css = `
.canteiro-auth { font-family: ${themeTokens.fontFamily}; color: ${themeTokens.colorText}; font-size: 14px; }
.canteiro-auth h1 { margin: 0; font-size: 24px; font-weight: 600; line-height: 1.21; }
.canteiro-auth-subtitle { margin: 0 0 24px; line-height: 22px; color: ${MUTED_TEXT}; }
.canteiro-input { box-sizing: border-box; display: flex; align-items: center; width: 100%; height: 40px; padding: 7px 11px; border: 1px solid #d9d9d9; border-radius: 8px; background: #fff; font-size: 16px; line-height: 24px; transition: border-color 0.2s, box-shadow 0.2s; }
.canteiro-input:hover { border-color: ${themeTokens.colorPrimaryHover}; }
.canteiro-input:focus-within { border-color: ${primary}; box-shadow: 0 0 0 2px #2f7d321a; }
.canteiro-input[data-invalid='true'] { border-color: ${themeTokens.colorError}; }
.canteiro-input[data-invalid='true']:focus-within { box-shadow: 0 0 0 2px #c628281a; }
.canteiro-input input { flex: 1; min-width: 0; padding: 0; border: 0; outline: 0; background: transparent; color: inherit; font: inherit; }
.canteiro-input input::placeholder { color: ${themeTokens.colorTextPlaceholder}; opacity: 1; }
.canteiro-input-toggle { display: inline-flex; margin: 0 -4px 0 4px; padding: 2px; border: 0; border-radius: 4px; background: none; color: ${themeTokens.colorTextPlaceholder}; cursor: pointer; }
.canteiro-input-toggle:hover { color: ${themeTokens.colorText}; }
.canteiro-input-toggle:focus-visible { outline: 2px solid ${primary}; }
.canteiro-submit { display: inline-flex; align-items: center; justify-content: center; gap: 8px; width: 100%; height: 40px; margin-top: 8px; padding: 0 15px; border: 1px solid transparent; border-radius: 8px; background: ${primary}; color: #fff; font: inherit; font-size: 16px; cursor: pointer; box-shadow: 0 2px 0 #0a2a0350; transition: background 0.2s; }
.canteiro-submit:hover { background: ${themeTokens.colorPrimaryHover}; }
.canteiro-submit:active { background: ${themeTokens.colorPrimaryActive}; }
.canteiro-submit:focus-visible { outline: 3px solid #a5d6a7; outline-offset: 1px; }
.canteiro-submit[aria-busy='true'] { opacity: 0.65; cursor: default; }
.canteiro-spinner { width: 14px; height: 14px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: canteiro-spin 0.8s linear infinite; }
@keyframes canteiro-spin { to { transform: rotate(360deg); } }
.canteiro-alert-error { display: flex; align-items: flex-start; gap: 8px; margin-bottom: 20px; padding: 8px 12px; border: 1px solid #eda9a1; border-radius: 8px; background: #fff2f0; line-height: 22px; }
.canteiro-alert-error svg { flex: none; margin-top: 4px; color: ${themeTokens.colorError}; }
.canteiro-language { position: relative; }
.canteiro-language-button { display: inline-flex; align-items: center; gap: 8px; min-width: 150px; height: 34px; padding: 4px 11px; border: 1px solid #d9d9d9; border-radius: 6px; background: #fff; color: ${themeTokens.colorText}; font: inherit; font-size: 14px; cursor: pointer; }
.canteiro-language-button:hover { border-color: ${themeTokens.colorPrimaryHover}; }
.canteiro-language-button:focus-visible { outline: 2px solid ${primary}; outline-offset: 1px; }
.canteiro-language-button svg { margin-left: auto; color: ${themeTokens.colorTextPlaceholder}; }
.canteiro-language img { border-radius: 2px; box-shadow: 0 0 0 1px #0001; }
.canteiro-language-list { position: absolute; right: 0; top: calc(100% + 4px); z-index: 1050; min-width: 150px; margin: 0; padding: 4px; list-style: none; border-radius: 8px; background: #fff; box-shadow: 0 6px 16px #00000014, 0 3px 6px -4px #0000001f, 0 9px 28px 8px #0000000d; outline: none; }
.canteiro-language-list li { display: flex; align-items: center; gap: 8px; padding: 5px 12px; border-radius: 4px; cursor: pointer; }
.canteiro-language-list li[data-active='true'] { background: #f5f5f5; }
.canteiro-language-list li[aria-selected='true'] { background: ${navColors.activeBackground}; font-weight: 600; }
.canteiro-language-list:focus-visible li[data-active='true'] { outline: 2px solid ${primary}; outline-offset: -2px; }
`;

if (typeof document !== 'undefined' && !document.getElementById('canteiro-auth-styles')) {
  const style = document.createElement('style');
  style.id = 'canteiro-auth-styles';
  style.textContent = css;
  document.head.appendChild(style);
}
