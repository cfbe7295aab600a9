const { createWebpackConfig } = require('@canteiro/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'management',
  port: 3002,
  exposes: { './module': './src/module.tsx' },
  title: 'Canteiro — management (standalone)',
});
