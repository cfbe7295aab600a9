const { createWebpackConfig } = require('@canteiro/shared/webpack');

module.exports = createWebpackConfig({ dir: __dirname, name: 'host', port: 3000, title: 'Canteiro' });
