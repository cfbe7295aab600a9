import { isChunkLoadFailure } from '../chunk-failure';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('what counts as a module file that did not arrive', () => {
  it.each([
    ['webpack (a chunk of the previous build answers 404)', named('ChunkLoadError', 'Loading chunk 2793 failed.')],
    ['webpack, whatever the wording', named('ChunkLoadError', 'something else')],
    ['webpack CSS', new Error('Loading CSS chunk 12 failed.\n(/remotes/dash/12.abc.css)')],
    ['the federation runtime', new Error('[ Federation Runtime ]: RUNTIME-008: Failed to load script resources.')],
    ['the federation runtime, no manifest', new Error('RUNTIME-003 Failed to get manifest.')],
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: http://localhost/remotes/dash/x.js')],
    ['Firefox', new TypeError('error loading dynamically imported module')],
    ['Safari', new TypeError('Importing a module script failed.')],
  ])('%s', (_, error) => {
    expect(isChunkLoadFailure(error)).toBe(true);
  });

  it.each([
    ['a page that throws while rendering', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['an API error', new Error('Request failed with status code 500')],
    ['a thrown string', 'Loading chunk 1 failed.'],
    ['nothing', undefined],
  ])('not %s', (_, error) => {
    expect(isChunkLoadFailure(error)).toBe(false);
  });
});
