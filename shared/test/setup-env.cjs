// jsdom lacks a few browser APIs that react-router and antd use.
const { TextDecoder, TextEncoder } = require('node:util');

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
if (typeof window !== 'undefined') {
  // antd's selects post to themselves through a MessageChannel, which jsdom does not have.
  globalThis.MessageChannel ??= class {
    port1 = { onmessage: null };
    port2 = { postMessage: () => globalThis.setTimeout(() => this.port1.onmessage?.({}), 0) };
  };
  window.matchMedia ??= (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
  // jsdom implements no pseudo-elements and logs an error when asked (antd's scroll-bar measure).
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element) => getComputedStyle(element);
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
