import { CATALOGUE_SCHEMAS } from '@canteiro/shared/domain';
import type { CatalogueEntity, Locale } from '@canteiro/shared/domain';
import type { AnyColumn } from 'drizzle-orm';
import type { ApiResource } from '../crud/resource.js';
import { TABLES, byName, hierarchyResource } from './hierarchy-resource.js';
import { shownName } from '../db/catalogue-labels.js';

/**
 * The catalogue records known by their name alone, under their parents (discipline, area,
 * local, block, package, function): everything comes from their declarations — the hierarchy
 * line, the table, the form's schema — and only the export's file name is their own. A new
 * such entity is a line here, not a file.
 */
const FILE_NAMES = {
  discipline: { 'pt-BR': 'disciplinas', 'en-US': 'disciplines' },
  area: { 'pt-BR': 'areas', 'en-US': 'areas' },
  local: { 'pt-BR': 'locais', 'en-US': 'locations' },
  block: { 'pt-BR': 'blocos', 'en-US': 'blocks' },
  package: { 'pt-BR': 'pacotes', 'en-US': 'packages' },
  function: { 'pt-BR': 'funcoes', 'en-US': 'functions' },
} as const satisfies Partial<Record<CatalogueEntity, Record<Locale, string>>>;

export type NamedEntity = keyof typeof FILE_NAMES;

const named = (entity: NamedEntity): ApiResource<{ name: string }, object> =>
  hierarchyResource<{ name: string }, object>(entity, {
    ...byName<{ name: string }>(TABLES[entity].name as AnyColumn),
    // Selects offer a repeated name with its path ("Armação — Pavimento tipo A1").
    optionLabel: shownName(entity, TABLES[entity].name as AnyColumn),
    schema: CATALOGUE_SCHEMAS[entity],
    fileName: FILE_NAMES[entity],
  });

export const NAMED_RESOURCES = Object.fromEntries(
  (Object.keys(FILE_NAMES) as NamedEntity[]).map((entity) => [entity, named(entity)]),
) as Readonly<Record<NamedEntity, ApiResource<{ name: string }, object>>>;
