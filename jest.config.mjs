// Unit and component tests of the front end and the shared package (jest + jsdom).
// The server has its own suite (node:test against a real database), the product its
// Playwright suite (e2e/).
// @swc/jest, with imports from antd's and the icons' indexes read as imports of the components'
// own modules (shared/test/deep-imports-transform.cjs: ~1.8 s less module loading a file).
const swc = [
  '<rootDir>/shared/test/deep-imports-transform.cjs',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];

const project = (name, roots) => ({
  displayName: name,
  rootDir: import.meta.dirname,
  roots: roots.map((root) => `<rootDir>/${root}`),
  testEnvironment: '<rootDir>/shared/test/jsdom-environment.cjs',
  // msw/node, not the browser build that jsdom's default export conditions pick.
  testEnvironmentOptions: { customExportConditions: [''] },
  testMatch: ['**/__tests__/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ky and a few of MSW's dependencies ship only ES modules.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm|ky|@ant-design|@rc-component|rettime|@open-draft|until-async)/)',
  ],
  moduleNameMapper: {
    '^@canteiro/shared/(domain|core|ui)$': '<rootDir>/shared/src/$1/index.ts',
    '^@canteiro/shared/core/query$': '<rootDir>/shared/src/core/query-client.ts',
    '\\.(svg|png|jpe?g)$': '<rootDir>/shared/test/file-stub.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^antd/es/locale/(.*)$': 'antd/lib/locale/$1',
    // apexcharts draws nothing under jsdom: one stand-in that carries what a chart was given.
    '^react-apexcharts$': '<rootDir>/remote-dash/test/react-apexcharts.mock.tsx',
  },
  setupFiles: ['<rootDir>/shared/test/setup-env.cjs'],
  setupFilesAfterEnv: ['<rootDir>/shared/test/setup-dom.ts'],
});

export default {
  // Every core: jest's default (cores − 1) ran one worker on CI's two cores while the main
  // process only waited (268 tests: 222 s → 129 s).
  maxWorkers: '100%',
  projects: [
    project('shared', ['shared/src', 'shared/test']),
    project('host', ['host/src']),
    project('remotes', ['remote-admin/src', 'remote-management/src', 'remote-dash/src']),
  ],
};
