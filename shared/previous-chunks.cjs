/**
 * A redeploy under open pages (docs/federation.md, "Redeploying a module"): a page loaded
 * before it still asks for the previous build's chunk names. `output.clean` would delete
 * them; this plugin keeps every content-hashed file for KEPT_DAYS after the last build that
 * emitted it, so the server (or a CDN synced without deleting) goes on serving them.
 */
const fs = require('node:fs');
const path = require('node:path');

const KEPT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `1259.284d462cc5.js`, its `.map` and `.LICENSE.txt`, `assets/logo.0a1b2c3d4e.svg`: the server's `immutable` files. */
const CONTENT_HASHED = /(?:^|[.-])[0-9a-f]{8,}\.[a-z0-9]+(?:\.map|\.LICENSE\.txt)?$/i;
const PLUGIN = 'KeepPreviousChunksPlugin';

class KeepPreviousChunksPlugin {
  /** @param {{ days?: number }} [options] */
  constructor({ days = KEPT_DAYS } = {}) {
    this.maxAgeMs = days * DAY_MS;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { CleanPlugin } = compiler.webpack;
    const recent = (file) => {
      try {
        return Date.now() - fs.statSync(path.join(compiler.outputPath, file)).mtimeMs < this.maxAgeMs;
      } catch {
        return false;
      }
    };
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // A file of an earlier build: kept while recent; undefined lets `clean` decide as usual.
      CleanPlugin.getCompilationHooks(compilation).keep.tap(PLUGIN, (file) =>
        CONTENT_HASHED.test(path.basename(file)) && recent(file) ? true : undefined,
      );
    });
    compiler.hooks.afterEmit.tap(PLUGIN, (compilation) => {
      // webpack does not rewrite a file whose content is unchanged: touching each hashed file
      // makes its time that of the last build that used it, which is what the age counts from.
      const now = new Date();
      for (const file of Object.keys(compilation.assets)) {
        if (CONTENT_HASHED.test(path.basename(file))) fs.utimesSync(path.join(compiler.outputPath, file), now, now);
      }
    });
  }
}

module.exports = { KeepPreviousChunksPlugin, KEPT_DAYS };
