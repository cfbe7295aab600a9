import type { TFunction } from 'i18next';
import { AUDIT_ENTITIES } from '@canteiro/shared/domain';
import type { AuditEntryItem } from '@canteiro/shared/domain';
import { formatDateTime } from '@canteiro/shared/core';
import type { ResourceDefinition } from '@canteiro/shared/ui';

type Fields = Record<string, unknown> | null | undefined;

/** A stored value as a person reads it: yes/no, a dash for nothing, text as it is. */
function shown(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'kit:yes' : 'kit:no');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each field that changed, "Nome: Base Gama → Base Gama Sul" (a creation: its values alone). */
export function changeLines(changes: { before?: Fields; after?: Fields } | null, t: TFunction): string[] {
  if (!changes) return [];
  const { before, after } = changes;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const label = t(`fields:${key}`, { defaultValue: key });
    if (!before) return `${label}: ${shown(after?.[key], t)}`;
    return `${label}: ${shown(before[key], t)} → ${shown(after?.[key], t)}`;
  });
}

/**
 * The audit trail (/admin/audit, admins; GET /api/audit): every write of the back-office,
 * newest first, with its author and the fields before and after; by entity and by day, the
 * author found through the search.
 */
export const auditResource: ResourceDefinition<AuditEntryItem> = {
  endpoint: 'audit',
  namespace: 'admin',
  singularKey: 'resources.audit.one',
  pluralKey: 'resources.audit.other',
  readOnly: true,
  defaultSort: { key: 'at', order: 'desc' },
  filters: [
    { param: 'entity', labelKey: 'fields:entity', options: AUDIT_ENTITIES, optionLabelPrefix: 'audit.entities.' },
    { param: 'from', labelKey: 'audit.from', kind: 'date' },
    { param: 'to', labelKey: 'audit.to', kind: 'date' },
  ],
  columns: [
    { key: 'at', titleKey: 'audit.at', width: 150, sortKey: 'at', render: (item) => formatDateTime(item.at) },
    { key: 'actorName', titleKey: 'fields:user', width: 160, sortKey: 'actorName' },
    {
      key: 'action',
      titleKey: 'fields:action',
      width: 130,
      sortKey: 'action',
      render: (item, t) => t(`admin:audit.actions.${item.action}`, { defaultValue: item.action }),
    },
    {
      key: 'entity',
      titleKey: 'fields:entity',
      width: 150,
      sortKey: 'entity',
      render: (item, t) =>
        `${t(`admin:audit.entities.${item.entity}`, { defaultValue: item.entity })}${item.entityId ? ` #${item.entityId}` : ''}`,
    },
    {
      key: 'changes',
      titleKey: 'fields:changes',
      render: (item, t) => (
        <ul data-testid="audit-changes" style={{ margin: 0, paddingLeft: 16, overflowWrap: 'anywhere' }}>
          {changeLines(item.changes, t).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ],
};
