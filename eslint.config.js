import { existsSync, readdirSync } from 'node:fs';
// One lint setup for the whole repository.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const MAX_LINES = 300;

/** `no-restricted-imports` for the files of one zone. */
/** Each feature folder of each app, closed to its siblings (import-x/no-restricted-paths zones). */
function featureZones() {
  return ['host', 'remote-admin', 'remote-management', 'remote-dash'].flatMap((app) => {
    const features = `./${app}/src/features`;
    if (!existsSync(features)) return [];
    return readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => ({
        target: `${features}/${name}`,
        from: features,
        except: [`./${name}`],
        message: 'A feature never imports another: move what both need to the kit or to @canteiro/shared.',
      }));
  });
}

function restrictedImports(files, patterns) {
  return [{ files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } }];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.test-results/**',
      '**/drizzle/**',
      'test-results/**',
      // Written by the contract suite (gitignored).
      'server/contract/generated/**',
      // The server suites compiled to JavaScript (server/compile-tests.mjs, gitignored).
      'server/.test-build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // No import cycles (docs/code-rules.md). Type-only imports are ignored: they vanish at run time.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'server/tsconfig.json',
            'shared/tsconfig.json',
            'host/tsconfig.json',
            'remote-*/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          conditionNames: ['types', 'canteiro-source', 'import', 'node', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // A source file past ~300 lines is split along the product's seams (docs/code-rules.md).
  // Tests may be longer: a test file reads like one feature's spec, with its fixtures beside it.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/test/**', '**/__tests__/**', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: MAX_LINES, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
        globalThis: 'readonly',
        window: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        localStorage: 'readonly',
      },
    },
  },
  // The layers run one way (docs/frontend.md): the domain is plain TypeScript for the server
  // and the browser; core never reaches the UI kit; the server takes only the domain; no app
  // reaches into another (they meet through @canteiro/shared and the federation at run time).
  ...restrictedImports('shared/src/domain/**', [
    {
      group: ['**/core', '**/core/**', '**/ui', '**/ui/**', '@canteiro/shared/core', '@canteiro/shared/ui'],
      message: 'The domain is plain TypeScript: no core, no UI kit.',
    },
    {
      group: ['react', 'react-*', 'antd', '@ant-design/*', 'i18next', 'react-i18next', 'zustand', 'ky'],
      message: 'The domain runs on the server too.',
    },
  ]),
  ...restrictedImports('shared/src/core/**', [
    { group: ['**/ui', '**/ui/**', '@canteiro/shared/ui'], message: 'core never reaches the UI kit.' },
  ]),
  ...restrictedImports('server/**', [
    {
      group: ['@canteiro/shared/core', '@canteiro/shared/ui', '@canteiro/shared/core/*', '@canteiro/shared/ui/*'],
      message: 'The server takes only @canteiro/shared/domain.',
    },
    { group: ['react', 'react-*', 'antd', '@ant-design/*'], message: 'No browser code on the server.' },
  ]),
  ...['host', 'remote-admin', 'remote-management', 'remote-dash'].flatMap((app) =>
    restrictedImports(`${app}/**`, [
      {
        group: ['host', 'remote-admin', 'remote-management', 'remote-dash', 'server', 'e2e']
          .filter((other) => other !== app)
          .flatMap((other) => [`**/${other}/**`, `@canteiro/${other}`, `@canteiro/${other}/**`]),
        message: 'An app never imports another: share through @canteiro/shared, meet through the federation.',
      },
    ]),
  ),
  // No feature imports another (bulletproof-react's zones): a feature takes from its app's kit
  // and pages and from @canteiro/shared, never from a sibling feature. The folders are read
  // here, so a feature added later is held to it too.
  {
    files: ['{host,remote-admin,remote-management,remote-dash}/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones() }] },
  },
);
