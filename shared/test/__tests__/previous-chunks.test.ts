/** @jest-environment node */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The plugin and webpack are build-time CommonJS; webpack is the apps' own (shared does not depend on it).
const load = createRequire(__filename);
const { KeepPreviousChunksPlugin } = load('../../previous-chunks.cjs');
const webpack = load(load.resolve('webpack', { paths: [path.join(__dirname, '../../../host')] }));

const DAY_MS = 24 * 60 * 60 * 1000;
let app: string;
const dist = () => path.join(app, 'dist');
const files = () => readdirSync(dist()).sort();
const pageChunks = () => files().filter((file) => /^page\.[0-9a-f]{10}\.js$/.test(file));
const age = (file: string, days: number) => {
  const then = new Date(Date.now() - days * DAY_MS);
  utimesSync(path.join(dist(), file), then, then);
};
const daysOld = (file: string) => (Date.now() - statSync(path.join(dist(), file)).mtimeMs) / DAY_MS;

/** A production build of a one-page app whose page says `text`, as shared/webpack.cjs builds. */
async function build(text: string): Promise<void> {
  writeFileSync(path.join(app, 'src/page.js'), `export default ${JSON.stringify(text)};`);
  const compiler = webpack({
    mode: 'production',
    context: app,
    entry: { main: './src/index.js' },
    output: { path: dist(), filename: '[name].js', chunkFilename: '[name].[contenthash:10].js', clean: true },
    optimization: { chunkIds: 'named' },
    plugins: [new KeepPreviousChunksPlugin({ days: 7 })],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error: Error | null, stats: { hasErrors(): boolean; toString(): string }) => {
      compiler.close(() => undefined);
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString()));
      else resolve();
    }),
  );
}

beforeEach(() => {
  app = mkdtempSync(path.join(tmpdir(), 'canteiro-chunks-'));
  mkdirSync(path.join(app, 'src'));
  writeFileSync(path.join(app, 'src/index.js'), `import(/* webpackChunkName: "page" */ './page.js');`);
});
afterEach(() => rmSync(app, { recursive: true, force: true }));

describe("a module's build keeps the previous build's chunks for open pages", () => {
  it("keeps the previous build's hashed chunk beside the new one, and still wipes what is not hashed", async () => {
    await build('first');
    const [first] = pageChunks();
    writeFileSync(path.join(dist(), 'leftover.js'), '');
    await build('second');
    expect(pageChunks()).toHaveLength(2);
    expect(pageChunks()).toContain(first);
    expect(files()).not.toContain('leftover.js');
  });

  it('removes a chunk no build has used for more than seven days', async () => {
    await build('first');
    const [first] = pageChunks();
    await build('second');
    age(first!, 8);
    await build('third');
    expect(pageChunks()).not.toContain(first);
    expect(pageChunks()).toHaveLength(2);
  });

  it('counts the days from the last build that used a chunk, not from when it was first written', async () => {
    await build('first');
    const [first] = pageChunks();
    age(first!, 30);
    await build('first');
    expect(daysOld(first!)).toBeLessThan(1);
    await build('second');
    expect(pageChunks()).toContain(first);
  });
});
