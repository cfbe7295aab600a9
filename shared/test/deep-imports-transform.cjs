// @swc/jest, with `import { Button, Table } from 'antd'` and `import { PlusOutlined } from
// '@ant-design/icons'` read as imports of those components' own modules first.
//
// Why: jest loads every test file's modules again (its registry is per file), and the two
// packages' indexes require everything they have: antd's ~70 components (~0.6 s a file) and
// ~800 icons (~1.2 s a file), for the handful a screen uses. The bundles are not concerned
// (webpack drops what is unused); the modules read are the same ones the index re-exports,
// so what a test renders does not change (docs/testing.md, "Jest").
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { createTransformer: createSwcTransformer } = require('@swc/jest');

const antdFolder = path.dirname(require.resolve('antd/package.json'));
const iconsFolder = path.dirname(require.resolve('@ant-design/icons/package.json'));

/** antd's index: `export { default as DatePicker } from './date-picker';` → DatePicker → date-picker. */
const antdComponents = new Map(
  [
    ...readFileSync(path.join(antdFolder, 'es', 'index.js'), 'utf8').matchAll(
      /export \{ default as (\w+) \} from '\.\/([\w-]+)';/g,
    ),
  ].map(([, name, folder]) => [name, `antd/lib/${folder}`]),
);

const moduleOf = {
  antd: (name) => antdComponents.get(name),
  '@ant-design/icons': (name) =>
    /^[A-Z]\w+(Outlined|Filled|TwoTone)$/.test(name) && existsSync(path.join(iconsFolder, 'lib', 'icons', `${name}.js`))
      ? `@ant-design/icons/lib/icons/${name}`
      : undefined,
};

const IMPORT = /^import \{([^}]*)\} from '(antd|@ant-design\/icons)';$/gm;

/** The source with each value imported from the two indexes imported from its own module. */
function deepImports(source) {
  if (!source.includes("from 'antd'") && !source.includes("from '@ant-design/icons'")) return source;
  return source.replace(IMPORT, (whole, list, from) => {
    const deep = [];
    const kept = [];
    for (const specifier of list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [imported, local = imported] = specifier.split(/\s+as\s+/);
      const target = specifier.startsWith('type ') ? undefined : moduleOf[from](imported);
      if (target) deep.push(`import ${local} from '${target}';`);
      else kept.push(specifier);
    }
    return [...(kept.length ? [`import { ${kept.join(', ')} } from '${from}';`] : []), ...deep].join(' ');
  });
}

/** Bumped when `deepImports` changes, so jest's cache does not serve the old output. */
const VERSION = 'deep-imports 1';

module.exports = {
  deepImports,
  createTransformer(options) {
    const swc = createSwcTransformer(options);
    return {
      ...swc,
      process: (source, filename, jestOptions) => swc.process(deepImports(source), filename, jestOptions),
      processAsync: (source, filename, jestOptions) => swc.processAsync(deepImports(source), filename, jestOptions),
      getCacheKey: (source, filename, ...rest) => `${swc.getCacheKey(source, filename, ...rest)}:${VERSION}`,
    };
  },
};
