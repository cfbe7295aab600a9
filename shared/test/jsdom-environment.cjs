// jsdom with Node's own Fetch API (Request, Response, Headers, FormData, Blob, File,
// AbortController...), which jsdom does not provide and ky and MSW need (a FormData takes only
// Node's own Blob and File).
const { TestEnvironment } = require('jest-environment-jsdom');
const { keepOnlyShownStyles } = require('./shown-styles.cjs');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'ReadableStream',
  // MSW's interceptors (shared/test/network.ts).
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of NODE_GLOBALS) this.global[name] = globalThis[name];
    // Of antd's injected styles, only what decides whether an element shows (shown-styles.cjs).
    keepOnlyShownStyles(this.global);
  }
}

module.exports = JsdomWithFetch;
