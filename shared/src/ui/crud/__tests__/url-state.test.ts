import { readUrlState, writeUrlState } from '../use-url-state';
import type { UrlSchema } from '../use-url-state';
import { listSchema } from '../use-list-state';

/** One URL state for lists and dashboards: declared parameters only, defaults left out, the page reset. */
const schema = {
  search: { kind: 'text' },
  page: { kind: 'page' },
  inactive: { kind: 'flag' },
  sort: { kind: 'oneOf', values: ['name', 'createdAt'] },
  contract: { kind: 'id' },
  from: { kind: 'date' },
} as const satisfies UrlSchema;
const read = (query: string) => readUrlState(new URLSearchParams(query), schema);
const write = (query: string, change: Parameters<typeof writeUrlState<typeof schema>>[2]) =>
  writeUrlState(new URLSearchParams(query), schema, change).toString();

describe('the URL state', () => {
  it('reads each declared parameter by its kind, and the default for what is missing or malformed', () => {
    expect(read('search=ana&page=3&inactive=1&sort=name&contract=7&from=2026-01-31')).toEqual({
      search: 'ana',
      page: 3,
      inactive: true,
      sort: 'name',
      contract: 7,
      from: '2026-01-31',
    });
    expect(read('page=-2&inactive=yes&sort=nope&contract=7x&from=31/01/2026')).toEqual({
      search: '',
      page: 1,
      inactive: false,
      sort: '',
      contract: null,
      from: '',
    });
  });

  it('reads its own keys only: ?sort=toString is the default order, ?constructor= is never read', () => {
    const state = read('sort=toString&constructor=x&__proto__=y&hasOwnProperty=z');
    expect(state.sort).toBe('');
    expect(Object.keys(state)).toEqual(Object.keys(schema));
    const list = readUrlState(new URLSearchParams('sort=toString&order=valueOf'), listSchema({ sortKeys: ['name'] }));
    expect(list.sort).toBe('');
    expect(list.order).toBe('asc');
  });

  it('starts again at page 1 on any change but the page, and keeps the page on a page change', () => {
    expect(write('page=3&search=a', { search: 'b' })).toBe('search=b');
    expect(write('page=3', { inactive: true })).toBe('inactive=1');
    expect(write('page=3', { contract: 9 })).toBe('contract=9');
    expect(write('search=a', { page: 4 })).toBe('search=a&page=4');
  });

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    expect(write('tab=2&search=a&contract=3', { search: '', contract: null })).toBe('tab=2');
    expect(write('', { sort: 'toString' as 'name' })).toBe('');
    expect(write('', { from: '2026-02-01' })).toBe('from=2026-02-01');
  });
});
