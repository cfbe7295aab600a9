/**
 * The webpack configuration every app is made from: the host and the three remotes differ
 * only in name, port and what they expose.
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./federation.cjs');
const { KeepPreviousChunksPlugin } = require('./previous-chunks.cjs');

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string,string>, title?: string }} app
 */
function createWebpackConfig(app) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const isHost = !app.exposes;
    return {
      mode: production ? 'production' : 'development',
      entry: { main: './src/index.ts' },
      context: app.dir,
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        // Entries keep stable names (the federation runtime needs them); chunks are hashed.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: app.name,
        // Wipes the previous build, except its recent hashed chunks (KeepPreviousChunksPlugin).
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // Shared is compiled from its TypeScript source inside each app build.
        conditionNames: ['canteiro-source', 'browser', 'import', 'module', 'default'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.(png|svg|jpe?g|webp)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
          { test: /\.css$/i, type: 'asset/source' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(isHost
            ? { remotes: {}, shareStrategy: 'loaded-first' }
            : { filename: 'remoteEntry.js', exposes: app.exposes, manifest: { fileName: 'mf-manifest.json' } }),
          shared: sharedDependencies,
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: app.title ?? 'Canteiro',
          // The tab's icon written into the page (206 bytes): no request for it, ever. As a
          // file, Chromium asked for it again (and revalidated it) on every change of address,
          // a dashboard's filter change included (docs/frontend.md, "A filter change").
          favicon: false,
          icon: `data:image/svg+xml;base64,${fs.readFileSync(path.join(__dirname, 'src/ui/assets/favicon.svg')).toString('base64')}`,
          scriptLoading: 'defer',
          // A remote's own page exists for standalone development, where any deep link
          // (/admin/base) must find its scripts at the root; the host never loads it.
          publicPath: isHost || !production ? '/' : 'auto',
        }),
        // Pages opened before a redeploy still find their chunks (docs/federation.md).
        ...(production ? [new KeepPreviousChunksPlugin()] : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: production ? 'deterministic' : 'named',
        // swc's minifier instead of webpack's default terser: the build in 46 s instead of 86,
        // files 0.7 % smaller, the end-to-end suite as quick (docs/frontend.md, "Minifier").
        minimizer: [
          new MinimizerPlugin({
            minify: MinimizerPlugin.swcMinify,
            minimizerOptions: { compress: { passes: 2 }, mangle: true },
          }),
        ],
      },
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/remotes.json'], target: process.env.API_URL ?? 'http://localhost:8080' }],
        client: { overlay: { errors: true, warnings: false } },
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createWebpackConfig };
