import { equipmentSchema } from '@canteiro/shared/domain';
import type { EquipmentItem } from '@canteiro/shared/domain';
import { activenessField, catalogueResource } from './catalogue-resource';

/**
 * A machine rented for the contract (spec §3). It has no name: its specification serves as
 * one (the server sorts by it and refuses a repeated company and specification).
 */
export const equipmentResource = catalogueResource<EquipmentItem>('equipment', {
  columns: [
    { key: 'specification', titleKey: 'fields:specification', sortKey: 'specification' },
    { key: 'company', titleKey: 'fields:company', sortKey: 'company' },
    { key: 'type', titleKey: 'fields:type', sortKey: 'type' },
  ],
  defaultSort: { key: 'specification', order: 'asc' },
  fields: [
    { name: 'company', labelKey: 'fields:company', kind: 'text', half: true },
    { name: 'type', labelKey: 'fields:type', kind: 'text', half: true },
    { name: 'specification', labelKey: 'fields:specification', kind: 'text' },
    activenessField,
  ],
  createSchema: equipmentSchema,
  describe: (item) => `${item.specification} — ${item.company}`,
});
