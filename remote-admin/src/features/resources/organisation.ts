import { BRAZILIAN_STATES, REPORTING_PERIODS, baseSchema, contractSchema, workSchema } from '@canteiro/shared/domain';
import type { BaseItem as Base, ContractItem as Contract, WorkItem as Work } from '@canteiro/shared/domain';
import { parentOptions } from '@canteiro/shared/ui';
import type { ResourceDefinition } from '@canteiro/shared/ui';

/** Base → work → contract (spec §3): three resource definitions, one kit. */

const createdAt = {
  key: 'createdAt',
  titleKey: 'fields:createdAt',
  width: 110,
  sortKey: 'createdAt',
  format: 'date' as const,
};

export const baseResource: ResourceDefinition<Base> = {
  endpoint: 'bases',
  namespace: 'admin',
  singularKey: 'resources.base.one',
  pluralKey: 'resources.base.other',
  hasActiveness: true,
  createPermission: 'admin',
  columns: [
    { key: 'name', titleKey: 'fields:name', sortKey: 'name' },
    {
      key: 'state',
      titleKey: 'fields:state',
      width: 220,
      sortKey: 'state',
      render: (item, t) => t(`lists:state.${item.state}`),
    },
    createdAt,
  ],
  fields: [
    { name: 'name', labelKey: 'fields:name', kind: 'text' },
    {
      name: 'state',
      labelKey: 'fields:state',
      kind: 'select',
      options: BRAZILIAN_STATES,
      optionLabelPrefix: 'lists:state.',
    },
    { name: 'isActive', labelKey: 'fields:isActive', kind: 'activeness' },
  ],
  createSchema: baseSchema,
  describe: (item) => item.name,
};

export const workResource: ResourceDefinition<Work> = {
  endpoint: 'works',
  namespace: 'admin',
  singularKey: 'resources.work.one',
  pluralKey: 'resources.work.other',
  hasActiveness: true,
  createPermission: 'base',
  columns: [
    { key: 'name', titleKey: 'fields:name', sortKey: 'name' },
    { key: 'prj', titleKey: 'fields:prj', width: 110, sortKey: 'prj' },
    { key: 'baseName', titleKey: 'fields:base', sortKey: 'baseName' },
    {
      key: 'startDate',
      titleKey: 'fields:startDate',
      width: 110,
      sortKey: 'startDate',
      format: 'date',
    },
    {
      key: 'endDate',
      titleKey: 'fields:endDate',
      width: 110,
      sortKey: 'endDate',
      format: 'date',
    },
  ],
  fields: [
    { name: 'name', labelKey: 'fields:name', kind: 'text', half: true },
    { name: 'prj', labelKey: 'fields:prj', kind: 'text', half: true },
    { name: 'description', labelKey: 'fields:description', kind: 'textarea' },
    { name: 'base', labelKey: 'fields:base', kind: 'select', optionsFrom: parentOptions('work', 'base') },
    { name: 'startDate', labelKey: 'fields:startDate', kind: 'date', half: true },
    { name: 'endDate', labelKey: 'fields:endDate', kind: 'date', half: true },
    { name: 'isActive', labelKey: 'fields:isActive', kind: 'activeness' },
  ],
  createSchema: workSchema,
  describe: (item) => item.name,
};

export const contractResource: ResourceDefinition<Contract> = {
  endpoint: 'contracts',
  namespace: 'admin',
  singularKey: 'resources.contract.one',
  pluralKey: 'resources.contract.other',
  hasActiveness: true,
  createPermission: 'work',
  columns: [
    { key: 'name', titleKey: 'fields:name', sortKey: 'name' },
    { key: 'workName', titleKey: 'fields:work', sortKey: 'workName' },
    { key: 'baseName', titleKey: 'fields:base', sortKey: 'baseName' },
    {
      key: 'reportingGoal',
      titleKey: 'fields:reportingGoalShort',
      width: 120,
      align: 'right',
      format: 'number',
      sortKey: 'reportingGoal',
    },
    {
      key: 'reportingPeriod',
      titleKey: 'fields:reportingPeriodShort',
      width: 120,
      sortKey: 'reportingPeriod',
      render: (item, t) => t(`lists:reportingPeriod.${item.reportingPeriod}`),
    },
  ],
  fields: [
    { name: 'name', labelKey: 'fields:name', kind: 'text' },
    { name: 'description', labelKey: 'fields:description', kind: 'textarea' },
    {
      name: 'base',
      labelKey: 'fields:base',
      kind: 'select',
      optionsFrom: parentOptions('contract', 'base'),
      half: true,
    },
    {
      name: 'work',
      labelKey: 'fields:work',
      kind: 'select',
      optionsFrom: parentOptions('contract', 'work'),
      half: true,
    },
    { name: 'reportingGoal', labelKey: 'fields:reportingGoal', kind: 'number', min: 1, half: true },
    {
      name: 'reportingPeriod',
      labelKey: 'fields:reportingPeriod',
      kind: 'select',
      options: REPORTING_PERIODS,
      optionLabelPrefix: 'lists:reportingPeriod.',
      initial: 30,
      half: true,
    },
    { name: 'valueAddingTarget', labelKey: 'fields:valueAddingTarget', kind: 'number', min: 1, half: true },
    { name: 'complianceTarget', labelKey: 'fields:complianceTarget', kind: 'number', min: 1, half: true },
    { name: 'workSchedule', labelKey: 'fields:workSchedule', kind: 'schedule' },
    { name: 'isActive', labelKey: 'fields:isActive', kind: 'activeness' },
  ],
  createSchema: contractSchema,
  describe: (item) => item.name,
};
