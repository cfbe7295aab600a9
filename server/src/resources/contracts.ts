import { sql } from 'drizzle-orm';
import { contractSchema } from '@canteiro/shared/domain';
import type { ContractInput } from '@canteiro/shared/domain';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { contractsScope } from '../scope.js';
import { levelAccess } from '../crud/access.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoTimestamp } from '../crud/reads.js';
import type { ResourceDefinition } from '../crud/resource.js';
import { resourceRoutes } from '../crud/resource.js';
import { HEADERS, listLabel } from './labels.js';
import type { ContractItem } from '@canteiro/shared/domain';

/** /api/contracts: a contractor (contratada) working on a work, with its reporting goal. */

export const contractsResource: ResourceDefinition<ContractItem, ContractInput> = {
  name: 'contracts',
  read: {
    table: contracts,
    from: sql`${contracts} join ${works} on ${works.id} = ${contracts.workId} join ${bases} on ${bases.id} = ${contracts.baseId}`,
    columns: columnList({
      id: contracts.id,
      name: contracts.name,
      description: contracts.description,
      base: contracts.baseId,
      baseName: bases.name,
      work: contracts.workId,
      workName: works.name,
      reportingGoal: contracts.reportingGoal,
      reportingPeriod: contracts.reportingPeriod,
      isActive: contracts.isActive,
      createdAt: isoTimestamp(contracts.createdAt),
    }),
    search: [contracts.name],
    sorts: {
      name: textSort(contracts.name),
      baseName: textSort(bases.name),
      workName: textSort(works.name),
      reportingGoal: valueSort(contracts.reportingGoal, 'integer'),
      reportingPeriod: valueSort(contracts.reportingPeriod, 'integer'),
      createdAt: valueSort(contracts.createdAt, 'timestamptz'),
    },
    defaultSort: { key: 'name', order: 'asc' },
    filters: { base: contracts.baseId, work: contracts.workId },
    scope: contractsScope,
    ancestorsActive: sql`(${bases.isActive} and ${works.isActive})`,
    optionLabel: contracts.name,
  },
  // Admins, base and work users create and (de)activate contracts; a contract user may edit its own.
  access: levelAccess('contract'),
  write: {
    table: contracts,
    entity: 'contracts',
    createSchema: contractSchema,
    parents: ['base', 'work'],
    duplicates: { contracts_work_name_unique: { code: 'duplicate_contract_name', field: 'name' } },
    values: ({ name, description, base, work, reportingGoal, reportingPeriod, isActive }) => ({
      name,
      description,
      baseId: base,
      workId: work,
      reportingGoal,
      reportingPeriod,
      isActive,
    }),
  },
  export: {
    fileName: { 'pt-BR': 'contratadas', 'en-US': 'contractors' },
    columns: [
      { header: HEADERS.id, value: (contract) => contract.id },
      { header: HEADERS.name, value: (contract) => contract.name },
      { header: HEADERS.description, value: (contract) => contract.description },
      { header: HEADERS.base, value: (contract) => contract.baseName },
      { header: HEADERS.work, value: (contract) => contract.workName },
      {
        header: { 'pt-BR': 'Meta de apontamentos', 'en-US': 'Reporting goal' },
        value: (contract) => contract.reportingGoal,
      },
      {
        header: { 'pt-BR': 'Período de apontamento', 'en-US': 'Reporting period' },
        value: (contract, locale) => listLabel('reportingPeriod', contract.reportingPeriod, locale),
      },
      { header: HEADERS.isActive, value: (contract) => contract.isActive },
      { header: HEADERS.parentInactive, value: (contract) => contract.parentInactive },
      { header: HEADERS.createdAt, value: (contract) => contract.createdAt, format: 'datetime' },
    ],
  },
};

export const contractsRoutes = resourceRoutes(contractsResource);
