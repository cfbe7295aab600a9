const { createWebpackConfig } = require('@canteiro/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'dash',
  port: 3003,
  exposes: { './module': './src/module.tsx' },
  title: 'Canteiro — dash (standalone)',
});
