import { contractSchema } from '@canteiro/shared/domain';
import type { ContractInput, ContractItem } from '@canteiro/shared/domain';
import { contracts } from '../db/schema/organisation.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { hierarchyResource } from './hierarchy-resource.js';
import { listLabel } from './labels.js';

/**
 * /api/contracts: a contractor (contratada) working on a work, with its reporting goal and
 * work schedule (hours per weekday, compliance's expected time).
 * Access from the declaration: admins, base and work users create and (de)activate
 * contracts; a contract user may edit its own.
 */
export const contractsResource = hierarchyResource<ContractItem, ContractInput>('contract', {
  columns: {
    name: contracts.name,
    description: contracts.description,
    reportingGoal: contracts.reportingGoal,
    reportingPeriod: contracts.reportingPeriod,
    workSchedule: contracts.workSchedule,
    valueAddingTarget: contracts.valueAddingTarget,
    complianceTarget: contracts.complianceTarget,
  },
  sorts: {
    name: textSort(contracts.name),
    reportingGoal: valueSort(contracts.reportingGoal, 'integer'),
    reportingPeriod: valueSort(contracts.reportingPeriod, 'integer'),
  },
  search: [contracts.name],
  optionLabel: contracts.name,
  schema: contractSchema,
  exportColumns: [
    { header: 'name', value: (contract) => contract.name },
    { header: 'description', value: (contract) => contract.description },
    { header: 'base', value: (contract) => contract.baseName },
    { header: 'work', value: (contract) => contract.workName },
    { header: 'reportingGoal', value: (contract) => contract.reportingGoal },
    {
      header: 'reportingPeriod',
      value: (contract, locale) => listLabel('reportingPeriod', contract.reportingPeriod, locale),
    },
    { header: 'valueAddingTarget', value: (contract) => contract.valueAddingTarget },
    { header: 'complianceTarget', value: (contract) => contract.complianceTarget },
  ],
  fileName: { 'pt-BR': 'contratadas', 'en-US': 'contractors' },
});
