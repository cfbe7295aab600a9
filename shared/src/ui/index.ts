/** The UI entry: bundled into each app together with antd (not a federation singleton). */
export * from './nav-item.js';
export * from './module-providers.js';
export * from './language-selector.js';
export * from './languages.js';
export * from './logo.js';
export * from './module-welcome.js';
export * from './standalone-shell.js';
export * from './form-field.js';
export * from './field-message.js';
export * from './use-authorized-image.js';
export * from './lazy-page.js';
export * from './visible-menu.js';
export * from './crud/index.js';
