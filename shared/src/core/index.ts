/**
 * The core entry: shared as ONE singleton across the host and every module, so the page
 * has a single session store, i18n instance, notification queue and API client.
 */
export * from './session.js';
export * from './notifications.js';
export * from './i18n.js';
export * from './api.js';
export * from './theme.js';
export * from './print.js';
export type * from './module-contract.js';
export const CORE_VERSION = '1.0.0';
