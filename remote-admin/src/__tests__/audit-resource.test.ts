import { i18n } from '@canteiro/shared/core';
import { AUDIT_ENTITIES } from '@canteiro/shared/domain';
import type { AuditEntryItem } from '@canteiro/shared/domain';
import { registerKitTranslations } from '@canteiro/shared/ui';
import { auditResource, changeLines } from '../features/resources/audit';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';

/** The audit trail's screen (/admin/audit): each entry's author, action, record and changes, read as words. */
beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'admin', ptBR, true, true);
  i18n.addResourceBundle('en-US', 'admin', enUS, true, true);
});
afterEach(() => i18n.changeLanguage('pt-BR'));

const entry = (changes: AuditEntryItem['changes'], action = 'update'): AuditEntryItem => ({
  id: 1,
  at: '2026-03-11T02:30:00.000Z',
  actor: 2,
  actorName: 'Ana',
  action,
  entity: 'bases',
  entityId: 7,
  changes,
});
const cell = (key: string, item: AuditEntryItem) =>
  auditResource.columns.find((column) => column.key === key)!.render!(item, i18n.t);

test('writes each changed field as "field: before → after", a creation as its values', () => {
  const t = i18n.t;
  expect(
    changeLines(
      { before: { name: 'Base Gama', isActive: true }, after: { name: 'Base Gama Sul', isActive: false } },
      t,
    ),
  ).toEqual(['Nome: Base Gama → Base Gama Sul', 'Ativo: Sim → Não']);
  expect(changeLines({ before: null, after: { name: 'Base Gama', state: null } }, t)).toEqual([
    'Nome: Base Gama',
    'Estado: —',
  ]);
  expect(changeLines(null, t)).toEqual([]);
});

test('names the action and the record in the language of the screen', async () => {
  const item = entry({ before: { isActive: true }, after: { isActive: false } }, 'status');
  expect([cell('action', item), cell('entity', item)]).toEqual(['Ativação', 'Base #7']);
  await i18n.changeLanguage('en-US');
  expect([cell('action', item), cell('entity', item)]).toEqual(['Activation', 'Base #7']);
});

test('is a read-only list, newest first, filtered by entity (each one named) and by day', () => {
  expect(auditResource.readOnly).toBe(true);
  expect(auditResource.defaultSort).toEqual({ key: 'at', order: 'desc' });
  expect(auditResource.filters?.map((filter) => [filter.param, filter.kind ?? 'select'])).toEqual([
    ['entity', 'select'],
    ['from', 'date'],
    ['to', 'date'],
  ]);
  for (const language of ['pt-BR', 'en-US'])
    for (const entity of AUDIT_ENTITIES)
      expect(i18n.exists(`admin:audit.entities.${entity}`, { lng: language })).toBe(true);
});
