/**
 * The ONE `shared` block of Module Federation, imported by all four webpack configs
 * (ARCHITECTURE.md §2). Singletons: React, the router, i18n, zustand, dayjs, TanStack Query and
 * the core entries of this package (the core, and its query client). antd and the UI kit are bundled per app (a measured decision,
 * docs/decisions/federation.md).
 */
const catalogVersion = (name) => {
  // Read the installed version, so the shared scope says what each app really ships.
  try {
    return require(require.resolve(`${name}/package.json`, { paths: [process.cwd()] })).version;
  } catch {
    return undefined;
  }
};

const singleton = (name) => {
  const version = catalogVersion(name);
  return { singleton: true, requiredVersion: version ? `^${version}` : false, version };
};

const CORE_VERSION = require('./package.json').version;

const sharedDependencies = {
  react: singleton('react'),
  'react/': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/': singleton('react-dom'),
  'react-router': singleton('react-router'),
  'react-router-dom': singleton('react-router-dom'),
  i18next: singleton('i18next'),
  'react-i18next': singleton('react-i18next'),
  zustand: singleton('zustand'),
  dayjs: singleton('dayjs'),
  'dayjs/': singleton('dayjs'),
  '@tanstack/react-query': singleton('@tanstack/react-query'),
  '@canteiro/shared/core': { singleton: true, version: CORE_VERSION, requiredVersion: `^${CORE_VERSION}` },
  // The one TanStack Query client: its own entry, so the login page's start does not load the library.
  '@canteiro/shared/core/query': { singleton: true, version: CORE_VERSION, requiredVersion: `^${CORE_VERSION}` },
};

module.exports = { sharedDependencies };
