import { sql } from 'drizzle-orm';
import { contractSchema } from '@canteiro/shared/domain';
import type { ContractInput } from '@canteiro/shared/domain';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { contractsScope } from '../scope.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoTimestamp } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import { listLabel } from './labels.js';
import type { ContractItem } from '@canteiro/shared/domain';

/** /api/contracts: a contractor (contratada) working on a work, with its reporting goal. */

export const contractsResource: ApiResource<ContractItem, ContractInput> = {
  entity: 'contract',
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
  // Access from the declaration: admins, base and work users create and (de)activate contracts; a contract user may edit its own.
  write: {
    table: contracts,
    createSchema: contractSchema,
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
      { header: 'id', value: (contract) => contract.id },
      { header: 'name', value: (contract) => contract.name },
      { header: 'description', value: (contract) => contract.description },
      { header: 'base', value: (contract) => contract.baseName },
      { header: 'work', value: (contract) => contract.workName },
      { header: 'reportingGoal', value: (contract) => contract.reportingGoal },
      {
        header: 'reportingPeriod',
        value: (contract, locale) => listLabel('reportingPeriod', contract.reportingPeriod, locale),
      },
      { header: 'isActive', value: (contract) => contract.isActive },
      { header: 'parentInactive', value: (contract) => contract.parentInactive },
      { header: 'createdAt', value: (contract) => contract.createdAt, format: 'datetime' },
    ],
  },
};
