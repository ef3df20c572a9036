'use strict';
/**
 * The Excel add-in build (`npm run build`, `npm run dev-server`): the task pane, the custom functions and the
 * standalone page, bundled into `dist/addin/` (the engine's `tsc` writes the rest of `dist/`).
 *
 * Pages:
 *  - `taskpane.html` — the Office task pane: Office.js from Microsoft's CDN, then `functions.js`, then `taskpane.js`
 *    (task pane + custom functions in ONE long-lived runtime, `manifest.xml` `<Runtime lifetime="long">`);
 *  - `index.html` — the standalone page: `taskpane.js` without Office.js, for ordinary browsers.
 *
 * Start-up. Excel shows #BUSY! in a custom function's cell until the function is registered (Microsoft Learn,
 * "Troubleshoot custom functions": a function that is not associated does not run), and the shared runtime runs every
 * script of `taskpane.html` in order. So `functions.js` — the functions, the formula engine and nothing else, no
 * ExcelJS — comes first and registers the functions (`CustomFunctions.associate`, appended by the metadata plugin's
 * loader) as soon as it has run; `taskpane.js` is a small entry that loads the rest on demand: the wizard for Excel
 * (chunk `pane`) or the standalone page with ExcelJS (chunk `standalone`), as separate files fetched after start.
 * `test/addin/build.test.ts` checks the order, the sizes and where ExcelJS is. Async chunks, and Web Workers created
 * with `new Worker(new URL('./x.ts', import.meta.url))`, use webpack 5's built-in chunk loading (`publicPath: 'auto'`).
 *
 * `functions.json` is generated from the `@customfunction` JSDoc of `functions/functions.ts` (single source of the
 * metadata). Production builds replace the development URL `https://localhost:3000/` with `ADDIN_URL` (e.g.
 * `ADDIN_URL=https://example.org/tengen/ npm run build`) in the manifest and the pages.
 */
const path = require('node:path');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CustomFunctionsMetadataPlugin = require('custom-functions-metadata-plugin');

const DEV_URL = 'https://localhost:3000/';
const OFFICE_JS = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';
// ADDIN_OUT: another output folder (the tests build into a temporary one).
const OUTPUT = path.resolve(__dirname, process.env.ADDIN_OUT || 'dist/addin');

/** The URL the add-in is served from: ADDIN_URL for production, always ending in `/`. */
function addinUrl(production) {
  const given = process.env.ADDIN_URL;
  if (!production || !given) return DEV_URL;
  if (!/^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(given)) {
    throw new Error(`ADDIN_URL must be an https:// URL (Office loads add-ins only over https), got "${given}"`);
  }
  return given.endsWith('/') ? given : `${given}/`;
}

/** Replaces the development URL, then the development origin (`<AppDomain>`), in a text. */
function replaceUrl(text, url) {
  return text.split(DEV_URL).join(url).split(DEV_URL.slice(0, -1)).join(new URL(url).origin);
}

/** The same, for a copied file (the manifest). */
function withUrl(url) {
  return (content) => (url === DEV_URL ? content : Buffer.from(replaceUrl(content.toString('utf8'), url)));
}

/**
 * Dev server HTTPS: the Office development certificate when it is installed (`npx office-addin-dev-certs install`);
 * on Windows and macOS, where Excel will load the add-in, it is installed if missing (as Microsoft's templates do);
 * elsewhere the server falls back to plain http and says how to get https.
 */
async function httpsOptions() {
  const fs = require('node:fs');
  const devCerts = require('office-addin-dev-certs');
  const where = require('office-addin-dev-certs/lib/defaults');
  const files = [where.caCertificatePath, where.localhostCertificatePath, where.localhostKeyPath];
  try {
    if (files.every((f) => fs.existsSync(f)) && devCerts.verifyCertificates()) {
      const [ca, cert, key] = files.map((f) => fs.readFileSync(f));
      return { type: 'https', options: { ca, cert, key } };
    }
    if (process.platform === 'win32' || process.platform === 'darwin') {
      const options = await devCerts.getHttpsServerOptions();
      return { type: 'https', options: { ca: options.ca, key: options.key, cert: options.cert } };
    }
  } catch (error) {
    console.warn(`Dev certificates unavailable (${error.message}).`);
  }
  console.warn('Serving plain http: Office needs https — run "npx office-addin-dev-certs install", then restart the dev server.');
  return { type: 'http' };
}

module.exports = async (env, argv) => {
  const production = argv.mode === 'production';
  const url = addinUrl(production);
  const devServer = env && env.WEBPACK_SERVE ? await httpsOptions() : { type: 'http' };
  return {
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-source-map',
    context: __dirname,
    entry: {
      taskpane: './taskpane/taskpane.ts',
      functions: './functions/functions.ts',
    },
    output: {
      path: OUTPUT,
      filename: '[name].js',
      // Chunks loaded on demand (the pane, the standalone page, shared modules): stable names, for the tests.
      chunkFilename: '[name].js',
      publicPath: 'auto',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          // The tests' build (test/support/addinBuild.ts) transpiles only: `npm run typecheck` checks the same files
          // (tsconfig.addin.json) once, and CI runs it before the tests. Every other build checks types as it compiles.
          use: { loader: 'ts-loader', options: { configFile: path.resolve(__dirname, 'tsconfig.addin.json'), onlyCompileBundledFiles: true, transpileOnly: process.env.TENGEN_TRANSPILE_ONLY === '1' } },
        },
      ],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({ output: 'functions.json', input: './functions/functions.ts' }),
      new HtmlWebpackPlugin({
        filename: 'taskpane.html',
        template: './taskpane/taskpane.html',
        // The functions first (deferred scripts run in document order): they register before the pane is loaded.
        chunks: ['functions', 'taskpane'],
        chunksSortMode: 'manual',
        templateParameters: { officeJs: `<script src="${OFFICE_JS}"></script>`, standalone: false },
      }),
      new HtmlWebpackPlugin({
        filename: 'index.html',
        template: './taskpane/taskpane.html',
        chunks: ['taskpane'],
        templateParameters: { officeJs: '', standalone: true },
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          { from: 'manifest.xml', to: 'manifest.xml', transform: withUrl(url) },
          // The ES5 guard, first script of both pages, as written (not bundled: it must parse on IE11).
          { from: 'taskpane/guard.js', to: 'guard.js' },
          // The page each function's @helpurl opens (Excel's function help link).
          { from: 'functions/help.html', to: 'functions-help.html' },
        ],
      }),
      {
        // Error cells of the grid reach the functions (as { type: "Error", basicValue: "#N/A" }) only with this flag
        // (Microsoft Learn, "Manually create JSON metadata for custom functions": allowErrorForDataTypeAny, default
        // false); the functions then name the cell in error (src/workbook/formulas/formulas/excelValues.ts). The metadata plugin has no
        // JSDoc tag for it, so it is added to the generated functions.json here.
        // The plugin also writes `allowCustomDataForDataTypeAny: true`, the data-types flag of CustomFunctionsRuntime
        // 1.4 ("Custom Functions requirement sets": 1.4 "includes … the allowCustomDataForDataTypeAny JSON manifest
        // property"; not in Office 2021 perpetual, where office-js #3504 reports #VALUE! with it): dropped, so the
        // metadata asks no more than the manifest's CustomFunctionsRuntime 1.3 (issue 21, R13). A data type in a cell
        // then reaches the functions as its plain value.
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('AllowErrors', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'AllowErrors', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, (assets) => {
              if (!assets['functions.json']) return;
              const metadata = JSON.parse(assets['functions.json'].source().toString());
              delete metadata.allowCustomDataForDataTypeAny;
              const withFlag = { allowErrorForDataTypeAny: true, ...metadata };
              compilation.updateAsset('functions.json', new compiler.webpack.sources.RawSource(JSON.stringify(withFlag, null, 4)));
            });
          });
        },
      },
      {
        // The pages and scripts may mention the development URL (help links): replace it like the manifest's.
        apply(compiler) {
          if (url === DEV_URL) return;
          compiler.hooks.thisCompilation.tap('AddinUrl', (compilation) => {
            compilation.hooks.processAssets.tap(
              { name: 'AddinUrl', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
              (assets) => {
                for (const name of Object.keys(assets)) {
                  if (!/\.(html|js|json)$/.test(name)) continue;
                  const text = assets[name].source().toString();
                  if (text.includes(DEV_URL)) compilation.updateAsset(name, new compiler.webpack.sources.RawSource(replaceUrl(text, url)));
                }
              },
            );
          });
        },
      },
    ],
    // No runtime chunk, and only async chunks split (webpack's default): `functions.js` stays self-contained, since the
    // manifest also names it as the functions' Script (hosts without the shared runtime load it alone).
    optimization: {
      // Chunks named after what they hold (`pane`, `standalone`, `exceljs`, `vendors`, `common`), not numbers.
      chunkIds: 'named',
      splitChunks: {
        cacheGroups: {
          // ExcelJS, which only the standalone page uses (taskpane/pageWorkbook.ts), in a file of its own.
          exceljs: { test: /[\\/]node_modules[\\/]exceljs[\\/]/, name: 'exceljs', chunks: 'async', priority: 20 },
          // What the pane and the standalone page share, under names that do not depend on where the project sits.
          defaultVendors: { test: /[\\/]node_modules[\\/]/, name: 'vendors', chunks: 'async', priority: -10, reuseExistingChunk: true },
          default: { name: 'common', chunks: 'async', minChunks: 2, priority: -20, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      host: 'localhost',
      port: Number(process.env.PORT || 3000),
      server: devServer,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: { directory: OUTPUT },
      hot: false,
    },
  };
};
