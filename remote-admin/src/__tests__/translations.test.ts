import { emptyValues, keyPaths } from '../../../shared/test/same-keys';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';
import adminModule from '../module';

describe('the admin namespace', () => {
  it('has the same keys in pt-BR and en-US', () => {
    expect(keyPaths(enUS)).toEqual(keyPaths(ptBR));
  });
  it('has no empty text', () => {
    expect(emptyValues(ptBR)).toEqual([]);
    expect(emptyValues(enUS)).toEqual([]);
  });
});

describe('the admin module definition (spec §2)', () => {
  it('has a label in both languages for every menu entry and a title for every route', () => {
    const lookup = (tree: object, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
    for (const entry of adminModule.menu) expect(typeof lookup(ptBR, entry.labelKey)).toBe('string');
    for (const route of adminModule.routes.filter((r) => !r.titleKey.includes(':'))) {
      expect(typeof lookup(enUS, route.titleKey)).toBe('string');
    }
  });
  it('guards its routes as the route table says', () => {
    const permissions = Object.fromEntries(adminModule.routes.map((route) => [route.path, route.permission ?? null]));
    expect(permissions).toEqual({
      '': null,
      base: 'base',
      user: null,
      work: 'work',
      contract: 'contract',
      occurrence: 'admin',
      survey: 'admin',
      // Who changed what (admins): /admin/audit.
      audit: 'admin',
    });
  });
});
