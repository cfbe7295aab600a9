import { BRAZILIAN_STATES, REPORTING_PERIODS, baseSchema, contractSchema, workSchema } from '@canteiro/shared/domain';
import type { BaseItem as Base, ContractItem as Contract, WorkItem as Work } from '@canteiro/shared/domain';
import { formatDate } from '@canteiro/shared/core';
import type { ResourceDefinition } from '@canteiro/shared/ui';

/** Base → work → contract (spec §3): three resource definitions, one kit. */

const createdAt = {
  key: 'createdAt',
  titleKey: 'fields.createdAt',
  width: 110,
  sortKey: 'createdAt',
  render: (item: { createdAt: string }) => formatDate(item.createdAt),
};

export const baseResource: ResourceDefinition<Base> = {
  endpoint: 'bases',
  namespace: 'admin',
  singularKey: 'resources.base.one',
  pluralKey: 'resources.base.other',
  hasStatus: true,
  createPermission: 'admin',
  columns: [
    { key: 'name', titleKey: 'fields.name', sortKey: 'name' },
    {
      key: 'state',
      titleKey: 'fields.state',
      width: 220,
      sortKey: 'state',
      render: (item, t) => t(`lists:state.${item.state}`),
    },
    createdAt,
  ],
  fields: [
    { name: 'name', labelKey: 'fields.name', kind: 'text' },
    {
      name: 'state',
      labelKey: 'fields.state',
      kind: 'select',
      options: BRAZILIAN_STATES,
      optionLabelPrefix: 'lists:state.',
    },
    { name: 'isActive', labelKey: 'fields.isActive', kind: 'status' },
  ],
  createSchema: baseSchema,
  emptyInput: { name: '', state: undefined, isActive: true },
  toInput: ({ name, state, isActive }) => ({ name, state, isActive }),
  describe: (item) => item.name,
};

export const workResource: ResourceDefinition<Work> = {
  endpoint: 'works',
  namespace: 'admin',
  singularKey: 'resources.work.one',
  pluralKey: 'resources.work.other',
  hasStatus: true,
  createPermission: 'base',
  columns: [
    { key: 'name', titleKey: 'fields.name', sortKey: 'name' },
    { key: 'prj', titleKey: 'fields.prj', width: 110, sortKey: 'prj' },
    { key: 'baseName', titleKey: 'fields.base', sortKey: 'baseName' },
    {
      key: 'startDate',
      titleKey: 'fields.startDate',
      width: 110,
      sortKey: 'startDate',
      render: (item) => formatDate(item.startDate),
    },
    {
      key: 'endDate',
      titleKey: 'fields.endDate',
      width: 110,
      sortKey: 'endDate',
      render: (item) => formatDate(item.endDate),
    },
  ],
  fields: [
    { name: 'name', labelKey: 'fields.name', kind: 'text', half: true },
    { name: 'prj', labelKey: 'fields.prj', kind: 'text', half: true },
    { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
    { name: 'base', labelKey: 'fields.base', kind: 'select', optionsFrom: { endpoint: 'bases' } },
    { name: 'startDate', labelKey: 'fields.startDate', kind: 'date', half: true },
    { name: 'endDate', labelKey: 'fields.endDate', kind: 'date', half: true },
    { name: 'isActive', labelKey: 'fields.isActive', kind: 'status' },
  ],
  createSchema: workSchema,
  emptyInput: { name: '', prj: '', description: '', base: null, startDate: '', endDate: '', isActive: true },
  toInput: ({ name, prj, description, base, startDate, endDate, isActive }) => ({
    name,
    prj,
    description,
    base,
    startDate,
    endDate,
    isActive,
  }),
  describe: (item) => item.name,
};

export const contractResource: ResourceDefinition<Contract> = {
  endpoint: 'contracts',
  namespace: 'admin',
  singularKey: 'resources.contract.one',
  pluralKey: 'resources.contract.other',
  hasStatus: true,
  createPermission: 'work',
  columns: [
    { key: 'name', titleKey: 'fields.name', sortKey: 'name' },
    { key: 'workName', titleKey: 'fields.work', sortKey: 'workName' },
    { key: 'baseName', titleKey: 'fields.base', sortKey: 'baseName' },
    {
      key: 'reportingGoal',
      titleKey: 'fields.reportingGoalShort',
      width: 120,
      align: 'right',
      sortKey: 'reportingGoal',
    },
    {
      key: 'reportingPeriod',
      titleKey: 'fields.reportingPeriodShort',
      width: 120,
      sortKey: 'reportingPeriod',
      render: (item, t) => t(`lists:reportingPeriod.${item.reportingPeriod}`),
    },
  ],
  fields: [
    { name: 'name', labelKey: 'fields.name', kind: 'text' },
    { name: 'description', labelKey: 'fields.description', kind: 'textarea' },
    { name: 'base', labelKey: 'fields.base', kind: 'select', optionsFrom: { endpoint: 'bases' }, half: true },
    {
      name: 'work',
      labelKey: 'fields.work',
      kind: 'select',
      optionsFrom: { endpoint: 'works', dependsOn: { base: 'base' } },
      half: true,
    },
    { name: 'reportingGoal', labelKey: 'fields.reportingGoal', kind: 'number', min: 1, half: true },
    {
      name: 'reportingPeriod',
      labelKey: 'fields.reportingPeriod',
      kind: 'select',
      options: REPORTING_PERIODS,
      optionLabelPrefix: 'lists:reportingPeriod.',
      half: true,
    },
    { name: 'isActive', labelKey: 'fields.isActive', kind: 'status' },
  ],
  createSchema: contractSchema,
  emptyInput: {
    name: '',
    description: '',
    base: null,
    work: null,
    reportingGoal: null,
    reportingPeriod: 30,
    isActive: true,
  },
  toInput: ({ name, description, base, work, reportingGoal, reportingPeriod, isActive }) => ({
    name,
    description,
    base,
    work,
    reportingGoal,
    reportingPeriod,
    isActive,
  }),
  describe: (item) => item.name,
};
