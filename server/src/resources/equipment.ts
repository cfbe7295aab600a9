import { sql } from 'drizzle-orm';
import { equipmentSchema } from '@canteiro/shared/domain';
import type { EquipmentInput, EquipmentItem } from '@canteiro/shared/domain';
import { equipment } from '../db/schema/catalogue.js';
import { textSort } from '../crud/list-query.js';
import { hierarchyResource } from './hierarchy-resource.js';

/**
 * /api/equipment: a machine rented for the contract. It has no name: its specification
 * serves as one (sorted by, offered in selects as "specification — company"), and company
 * and specification together may not repeat within the contract (docs/hierarchy.md).
 */

export const equipmentResource = hierarchyResource<EquipmentItem, EquipmentInput>('equipment', {
  columns: { company: equipment.company, type: equipment.type, specification: equipment.specification },
  sorts: {
    specification: textSort(equipment.specification),
    // The lists' generic `sort=name` means the specification here.
    name: textSort(equipment.specification),
    company: textSort(equipment.company),
    type: textSort(equipment.type),
  },
  defaultSort: { key: 'specification', order: 'asc' },
  search: [equipment.specification, equipment.company],
  optionLabel: sql`${equipment.specification} || ' — ' || ${equipment.company}`,
  schema: equipmentSchema,
  exportColumns: [
    { header: 'specification', value: (item) => item.specification },
    { header: 'company', value: (item) => item.company },
    { header: 'type', value: (item) => item.type },
  ],
  fileName: { 'pt-BR': 'equipamentos', 'en-US': 'equipment' },
});
