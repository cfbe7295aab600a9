import { i18n } from '@canteiro/shared/core';
import { CATALOGUE_ENTITIES, CATALOGUE_SCHEMAS, HIERARCHY, fieldMessages } from '@canteiro/shared/domain';
import type { ActivityItem, SessionUser } from '@canteiro/shared/domain';
import type { ResourceDefinition } from '@canteiro/shared/ui';
import { shownByDefault } from '@canteiro/shared/ui';
import managementModule from '../module';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';
import { activityResource } from '../features/catalogue/activity';
import { equipmentResource } from '../features/catalogue/equipment';
import { namedResource } from '../features/catalogue/catalogue-resource';

/** The Management screens, each one declaration on the kit. */
const lookup = (tree: object, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);

describe('the management module (spec §2)', () => {
  it('guards every catalogue route with contract, and shows discipline in the menu to all', () => {
    const routes = Object.fromEntries(managementModule.routes.map((route) => [route.path, route.permission ?? null]));
    expect(routes).toEqual({
      '': null,
      ...Object.fromEntries(CATALOGUE_ENTITIES.map((entity) => [entity, 'contract'])),
    });
    const menu = Object.fromEntries(managementModule.menu.map((entry) => [entry.to, entry.permission ?? null]));
    expect(menu).toEqual({ ...routes, '': null, discipline: null });
  });

  it('loads a screen per entity, each with a label, a title and its names in both languages', async () => {
    for (const route of managementModule.routes) {
      expect(typeof lookup(ptBR, route.titleKey)).toBe('string');
      expect(typeof lookup(enUS, route.titleKey)).toBe('string');
      expect((await route.load!()).default).toBeInstanceOf(Function);
    }
    for (const entity of CATALOGUE_ENTITIES) {
      expect(typeof lookup(ptBR, `resources.${entity}.one`)).toBe('string');
      expect(typeof lookup(enUS, `resources.${entity}.other`)).toBe('string');
    }
  });
});

const areaResource = namedResource('area', CATALOGUE_SCHEMAS.area);
const packageResource = namedResource('package', CATALOGUE_SCHEMAS.package);

const definitions: ResourceDefinition<never>[] = [
  areaResource,
  packageResource,
  activityResource,
  equipmentResource,
] as unknown as ResourceDefinition<never>[];

describe('the catalogue definitions', () => {
  it('take their labels from the fields namespace, which has them in both languages', () => {
    for (const resource of definitions) {
      const keys = [
        ...resource.columns.map((column) => column.titleKey),
        ...(resource.fields ?? []).map((field) => field.labelKey),
      ];
      for (const key of keys) {
        const [namespace, name] = key.split(':');
        expect(namespace).toBe('fields');
        expect(Object.hasOwn(fieldMessages['pt-BR'], name!)).toBe(true);
        expect(Object.hasOwn(fieldMessages['en-US'], name!)).toBe(true);
      }
    }
  });

  it('ask for the contract first and send it with the form, never as a field of their own', () => {
    for (const resource of definitions) {
      expect(resource.context).toMatchObject({ param: 'contract', endpoint: 'contracts' });
      expect((resource.fields ?? []).map((field) => field.name)).not.toContain('contract');
    }
  });

  it("cascade an activity's selects: area by contract, local by area, block by local, package by block", () => {
    const selects = Object.fromEntries(
      (activityResource.fields ?? [])
        .filter((field) => field.optionsFrom)
        .map((field) => [field.name, field.optionsFrom]),
    );
    expect(selects).toEqual({
      area: { endpoint: HIERARCHY.area.endpoint, dependsOn: { contract: 'contract' } },
      local: { endpoint: 'locals', dependsOn: { contract: 'contract', area: 'area' } },
      block: { endpoint: 'blocks', dependsOn: { contract: 'contract', local: 'local' } },
      package: { endpoint: 'packages', dependsOn: { contract: 'contract', block: 'block' } },
    });
    expect(areaResource.fields?.find((field) => field.name === 'discipline')?.optionsFrom).toEqual({
      endpoint: 'disciplines',
      dependsOn: { contract: 'contract' },
    });
  });

  it('offer finish on an activity not finished and reopen on a finished one, through their own routes', () => {
    const user = {
      id: 1,
      email: 'a@b.c',
      username: 'a',
      permission_set: { value: 'contract', label: 'C' },
    } as SessionUser;
    const shown = (isFinished: boolean) =>
      (activityResource.rowActions ?? [])
        .filter((action) => action.shown!({ isFinished } as ActivityItem, user))
        .map((action) => `${action.call.method} ${action.call.path}`);
    expect(shown(false)).toEqual(['post finish']);
    expect(shown(true)).toEqual(['post reopen']);
  });

  it('show the status as a translated tag and filter by it', async () => {
    const status = activityResource.columns.find((column) => column.key === 'status')!;
    expect(Object.keys(status.tags!.colors).sort()).toEqual(['finished', 'in_term', 'late']);
    await i18n.changeLanguage('en-US');
    expect(i18n.t(`${status.tags!.labelPrefix}late`)).toBe('Late');
    await i18n.changeLanguage('pt-BR');
    expect(i18n.t(`${status.tags!.labelPrefix}in_term`)).toBe('No prazo');
    expect(activityResource.filters?.map((filter) => filter.param)).toEqual(['status']);
  });

  it("offer an activity's every place in the column chooser: the default at 1064 px hides them, never drops them", () => {
    const keys = (wideWindow: boolean) =>
      activityResource.columns
        .filter((column) => shownByDefault(column as never, wideWindow))
        .map((column) => column.key);
    expect(keys(false)).toEqual(['name', 'status', 'endDate']);
    expect(keys(true)).toEqual(['name', 'localName', 'status', 'endDate', 'hhCount', 'quantity']);
    expect(activityResource.columns.map((column) => column.key)).toEqual(
      expect.arrayContaining(['areaName', 'localName', 'blockName', 'packageName']),
    );
  });
});
