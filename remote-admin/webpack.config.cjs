const { createWebpackConfig } = require('@canteiro/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'admin',
  port: 3001,
  exposes: { './module': './src/module.tsx' },
  title: 'Canteiro — admin (standalone)',
});
