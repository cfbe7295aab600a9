import { CATALOGUE_ENTITIES, ENTITIES, HIERARCHY, ancestorsOf, chainChecks, parentDependencies } from '../hierarchy';

/** The hierarchy declared once (docs/hierarchy.md): what the server and the forms derive from it. */
describe('the hierarchy declaration', () => {
  it("reaches an activity's every ancestor once, through its nearest holder", () => {
    expect(ancestorsOf('activity')).toEqual([
      { entity: 'contract', via: 'activity' },
      { entity: 'area', via: 'activity' },
      { entity: 'local', via: 'activity' },
      { entity: 'block', via: 'activity' },
      { entity: 'package', via: 'activity' },
      { entity: 'base', via: 'contract' },
      { entity: 'work', via: 'contract' },
      { entity: 'discipline', via: 'area' },
    ]);
    expect(ancestorsOf('base')).toEqual([]);
    expect(ancestorsOf('local').map((ancestor) => ancestor.entity)).toEqual([
      'contract',
      'area',
      'base',
      'work',
      'discipline',
    ]);
  });

  it('chains each parent to the ones above it that the input names too', () => {
    expect(chainChecks('activity')).toEqual([
      { parent: 'area', field: 'contract' },
      { parent: 'local', field: 'contract' },
      { parent: 'local', field: 'area' },
      { parent: 'block', field: 'contract' },
      { parent: 'block', field: 'local' },
      { parent: 'package', field: 'contract' },
      { parent: 'package', field: 'block' },
    ]);
    expect(chainChecks('contract')).toEqual([{ parent: 'work', field: 'base' }]);
    expect(chainChecks('discipline')).toEqual([]);
  });

  it('narrows each select of a form by the parents it hangs from (the cascade)', () => {
    expect(parentDependencies('activity')).toEqual({
      area: ['contract'],
      local: ['contract', 'area'],
      block: ['contract', 'local'],
      package: ['contract', 'block'],
    });
    expect(parentDependencies('contract')).toEqual({ work: ['base'] });
  });

  it('hangs every catalogue entity under a contract, with its duplicate rule within the contract', () => {
    for (const entity of CATALOGUE_ENTITIES) {
      const declaration = HIERARCHY[entity];
      expect(declaration.scopedBy).toBe('contract');
      expect(declaration.parents[0]).toBe('contract');
      for (const rule of declaration.duplicates) {
        expect(rule.fields).toContain('contract');
        expect(rule.fields).toContain(rule.field);
      }
    }
  });

  it('names only declared entities as parents, and no entity is its own ancestor', () => {
    for (const entity of ENTITIES) {
      for (const parent of HIERARCHY[entity].parents) expect(ENTITIES).toContain(parent);
      expect(ancestorsOf(entity).map((ancestor) => ancestor.entity)).not.toContain(entity);
    }
  });
});
