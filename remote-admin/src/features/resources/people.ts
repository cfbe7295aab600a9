import {
  OCCURRENCE_CATEGORIES,
  OCCURRENCE_CLASSIFICATIONS,
  PROFILES,
  SURVEY_RATING,
  grantableProfiles,
  occurrenceSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@canteiro/shared/domain';
import type {
  OccurrenceItem as Occurrence,
  PermissionLevel,
  SurveyItem as Survey,
  UserItem as User,
} from '@canteiro/shared/domain';
import { authApi, formatDate, formatDateTime, useSession } from '@canteiro/shared/core';
import type { ColumnDefinition, FieldDefinition, ResourceDefinition } from '@canteiro/shared/ui';

export const occurrenceResource: ResourceDefinition<Occurrence> = {
  endpoint: 'occurrences',
  namespace: 'admin',
  singularKey: 'resources.occurrence.one',
  pluralKey: 'resources.occurrence.other',
  hasStatus: true,
  createPermission: 'admin',
  columns: [
    { key: 'name', titleKey: 'fields.name', sortKey: 'name' },
    {
      key: 'category',
      titleKey: 'fields.category',
      width: 180,
      sortKey: 'category',
      render: (item, t) => t(`lists:category.${item.category}`),
    },
    {
      key: 'classification',
      titleKey: 'fields.classification',
      width: 140,
      sortKey: 'classification',
      render: (item, t) => t(`lists:classification.${item.classification}`),
    },
  ],
  filters: [
    {
      param: 'category',
      labelKey: 'fields.category',
      options: OCCURRENCE_CATEGORIES,
      optionLabelPrefix: 'lists:category.',
    },
    {
      param: 'classification',
      labelKey: 'fields.classification',
      options: OCCURRENCE_CLASSIFICATIONS,
      optionLabelPrefix: 'lists:classification.',
    },
  ],
  fields: [
    { name: 'name', labelKey: 'fields.name', kind: 'text' },
    {
      name: 'category',
      labelKey: 'fields.category',
      kind: 'select',
      options: OCCURRENCE_CATEGORIES,
      optionLabelPrefix: 'lists:category.',
      half: true,
    },
    {
      name: 'classification',
      labelKey: 'fields.classification',
      kind: 'select',
      options: OCCURRENCE_CLASSIFICATIONS,
      optionLabelPrefix: 'lists:classification.',
      half: true,
    },
    { name: 'isActive', labelKey: 'fields.isActive', kind: 'status' },
  ],
  createSchema: occurrenceSchema,
  emptyInput: { name: '', category: undefined, classification: undefined, isActive: true },
  toInput: ({ name, category, classification, isActive }) => ({ name, category, classification, isActive }),
  describe: (item) => item.name,
};

/** The profiles offered: those below the signed-in user's own level (all of them to an admin); a user editing itself sees its own, not offered, by its label. */
function profileField(): FieldDefinition {
  const level = useSession.getState().user?.permission_set.value;
  const options = level && level !== 'reporter' ? grantableProfiles(level as PermissionLevel) : [];
  return {
    name: 'permission',
    labelKey: 'fields.permission',
    kind: 'select',
    options,
    optionLabelPrefix: 'lists:profile.',
    half: true,
  };
}

export const userResource: ResourceDefinition<User> = {
  endpoint: 'users',
  namespace: 'admin',
  singularKey: 'resources.user.one',
  pluralKey: 'resources.user.other',
  hasStatus: true,
  createPermission: 'contract',
  columns: [
    // The server's `name` of a user is its first name.
    { key: 'firstName', titleKey: 'fields.firstName', sortKey: 'name' },
    { key: 'email', titleKey: 'fields.email', sortKey: 'email' },
    {
      key: 'permission',
      titleKey: 'fields.permission',
      width: 125,
      sortKey: 'permission',
      render: (item, t) => t(`lists:profile.${item.permission}`),
    },
    { key: 'contractName', titleKey: 'fields.contract' },
    {
      key: 'createdAt',
      titleKey: 'fields.createdAt',
      width: 110,
      sortKey: 'createdAt',
      render: (item) => formatDate(item.createdAt),
    },
  ],
  filters: [
    { param: 'permission', labelKey: 'fields.permission', options: PROFILES, optionLabelPrefix: 'lists:profile.' },
    { param: 'contract', labelKey: 'fields.contract', optionsFrom: { endpoint: 'contracts' } },
  ],
  get fields() {
    return [
      { name: 'firstName', labelKey: 'fields.firstName', kind: 'text', half: true },
      { name: 'email', labelKey: 'fields.email', kind: 'email', half: true },
      { name: 'password', labelKey: 'fields.temporaryPassword', kind: 'password', half: true },
      profileField(),
      { name: 'base', labelKey: 'fields.base', kind: 'select', optionsFrom: { endpoint: 'bases' } },
      {
        name: 'work',
        labelKey: 'fields.work',
        kind: 'select',
        optionsFrom: { endpoint: 'works', dependsOn: { base: 'base' } },
        half: true,
      },
      {
        name: 'contract',
        labelKey: 'fields.contract',
        kind: 'select',
        optionsFrom: { endpoint: 'contracts', dependsOn: { work: 'work' } },
        half: true,
      },
      { name: 'isActive', labelKey: 'fields.isActive', kind: 'status', half: true },
      { name: 'picture', labelKey: 'fields.picture', kind: 'image', uploadPath: 'picture', half: true },
    ] satisfies FieldDefinition[];
  },
  createSchema: userCreateSchema,
  updateSchema: userUpdateSchema,
  emptyInput: {
    firstName: '',
    email: '',
    password: '',
    permission: undefined,
    base: null,
    work: null,
    contract: null,
    isActive: true,
    picture: null,
  },
  toInput: ({ firstName, email, permission, base, work, contract, isActive, profilePicture }) => ({
    firstName,
    email,
    password: '',
    permission,
    base,
    work,
    contract,
    isActive,
    picture: profilePicture,
  }),
  // Nobody deactivates itself (409 cannot_deactivate_self): its own row offers no "Desativar".
  canChangeStatus: (item, user) => item.id !== user.id,
  // The sidebar shows the signed-in user's name and picture: follow an edit of one's own row.
  afterSave: async (saved) => {
    if (saved.id === useSession.getState().user?.id) await authApi.refreshUser();
  },
  describe: (item) => item.firstName || item.email,
};

/** A survey rating on its scale (spec: 1 to 5), "4/5", so a bare number is never read without it. */
function rating(key: 'experience' | 'usability' | 'resources'): ColumnDefinition<Survey> {
  return {
    key,
    titleKey: `fields.${key}`,
    width: 120,
    align: 'center',
    sortKey: key,
    render: (item, t) => t('kit:ratingOf', { value: item[key], max: SURVEY_RATING.max }),
  };
}

export const surveyResource: ResourceDefinition<Survey> = {
  endpoint: 'surveys',
  namespace: 'admin',
  singularKey: 'resources.survey.one',
  pluralKey: 'resources.survey.other',
  readOnly: true,
  defaultSort: { key: 'reportTime', order: 'desc' },
  columns: [
    { key: 'userName', titleKey: 'fields.user', sortKey: 'userName' },
    {
      key: 'reportTime',
      titleKey: 'fields.reportTime',
      width: 150,
      sortKey: 'reportTime',
      render: (item) => formatDateTime(item.reportTime),
    },
    rating('experience'),
    rating('usability'),
    rating('resources'),
    { key: 'suggestions', titleKey: 'fields.suggestions' },
  ],
};
