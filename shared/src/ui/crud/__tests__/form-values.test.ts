import { HIERARCHY } from '@canteiro/shared/domain';
import { emptyValues, itemValues, payload } from '../form-values';
import { parentFields, parentOptions } from '../parent-fields';
import type { FieldDefinition } from '../types';

/** The form's values and payload come from its fields; the cascading selects from the hierarchy. */
const fields: FieldDefinition[] = [
  { name: 'name', labelKey: 'name', kind: 'text' },
  { name: 'password', labelKey: 'password', kind: 'password' },
  { name: 'goal', labelKey: 'goal', kind: 'number' },
  { name: 'period', labelKey: 'period', kind: 'select', options: [15, 30], initial: 30 },
  { name: 'area', labelKey: 'area', kind: 'select', optionsFrom: { endpoint: 'areas' } },
  { name: 'startDate', labelKey: 'startDate', kind: 'date' },
  { name: 'isActive', labelKey: 'isActive', kind: 'activeness' },
  { name: 'picture', labelKey: 'picture', kind: 'image', uploadPath: 'picture', source: 'profilePicture' },
];

describe("the form's values", () => {
  it("start from each kind's empty value, a field's initial, and the screen's context", () => {
    expect(emptyValues(fields, { contract: 7 })).toEqual({
      name: '',
      password: '',
      goal: null,
      period: 30,
      area: null,
      startDate: '',
      isActive: true,
      picture: null,
      contract: 7,
    });
  });

  it('of an existing row are read from the item (its own keys, `source`), never its password', () => {
    const item = {
      id: 3,
      name: 'Torre A',
      password: 'hash',
      goal: 7.5,
      period: 15,
      area: 4,
      startDate: '2026-01-02',
      isActive: false,
      profilePicture: '/p.png',
      contract: 7,
      extra: 'x',
    };
    expect(itemValues(fields, item, { contract: 9 })).toEqual({
      name: 'Torre A',
      password: '',
      goal: 7.5,
      period: 15,
      area: 4,
      startDate: '2026-01-02',
      isActive: false,
      picture: '/p.png',
      contract: 7,
    });
  });

  it('send only the declared fields and the context: no image, nothing else the form held', () => {
    const values = { name: 'A', goal: 1, picture: new Blob(), contract: 7, stray: 'x', isActive: true };
    expect(payload(fields, values, ['contract'])).toEqual({ name: 'A', goal: 1, isActive: true, contract: 7 });
  });
});

describe('the cascading selects, derived from the hierarchy', () => {
  it("narrow an activity's local by its contract and area, its block by its local, its package by its block", () => {
    const selects = parentFields('activity', { except: ['contract'] });
    expect(selects.map((field) => [field.name, field.optionsFrom])).toEqual([
      ['area', { endpoint: HIERARCHY.area.endpoint, dependsOn: { contract: 'contract' } }],
      ['local', { endpoint: 'locals', dependsOn: { contract: 'contract', area: 'area' } }],
      ['block', { endpoint: 'blocks', dependsOn: { contract: 'contract', local: 'local' } }],
      ['package', { endpoint: 'packages', dependsOn: { contract: 'contract', block: 'block' } }],
    ]);
    expect(selects.map((field) => field.labelKey)).toEqual([
      'fields:area',
      'fields:local',
      'fields:block',
      'fields:package',
    ]);
  });

  it("give a parent without parents of its own no dependency (a work's base)", () => {
    expect(parentOptions('work', 'base')).toEqual({ endpoint: 'bases' });
    expect(parentOptions('contract', 'work')).toEqual({ endpoint: 'works', dependsOn: { base: 'base' } });
  });
});
