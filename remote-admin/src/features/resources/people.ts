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
import { authApi, currentLocale, formatDateTime, useSession } from '@canteiro/shared/core';
import { occurrenceImpactStep } from './occurrence-impact';
import { parentOptions } from '@canteiro/shared/ui';
import type { ColumnDefinition, FieldDefinition, ResourceDefinition } from '@canteiro/shared/ui';

export const occurrenceResource: ResourceDefinition<Occurrence> = {
  endpoint: 'occurrences',
  namespace: 'admin',
  singularKey: 'resources.occurrence.one',
  pluralKey: 'resources.occurrence.other',
  hasActiveness: true,
  createPermission: 'admin',
  // A move to another class rewrites every contract's history: its impact, asked twice.
  confirmSave: ({ item, body, t }) => occurrenceImpactStep(item, body.classification, t, currentLocale()),
  columns: [
    { key: 'name', titleKey: 'fields:name', sortKey: 'name' },
    {
      key: 'category',
      titleKey: 'fields:category',
      width: 180,
      sortKey: 'category',
      render: (item, t) => t(`lists:category.${item.category}`),
    },
    {
      key: 'classification',
      titleKey: 'fields:classification',
      width: 140,
      sortKey: 'classification',
      render: (item, t) => t(`lists:classification.${item.classification}`),
    },
  ],
  filters: [
    {
      param: 'category',
      labelKey: 'fields:category',
      options: OCCURRENCE_CATEGORIES,
      optionLabelPrefix: 'lists:category.',
    },
    {
      param: 'classification',
      labelKey: 'fields:classification',
      options: OCCURRENCE_CLASSIFICATIONS,
      optionLabelPrefix: 'lists:classification.',
    },
  ],
  fields: [
    { name: 'name', labelKey: 'fields:name', kind: 'text' },
    {
      name: 'category',
      labelKey: 'fields:category',
      kind: 'select',
      options: OCCURRENCE_CATEGORIES,
      optionLabelPrefix: 'lists:category.',
      half: true,
    },
    {
      name: 'classification',
      labelKey: 'fields:classification',
      kind: 'select',
      options: OCCURRENCE_CLASSIFICATIONS,
      optionLabelPrefix: 'lists:classification.',
      half: true,
    },
    { name: 'isActive', labelKey: 'fields:isActive', kind: 'activeness' },
  ],
  createSchema: occurrenceSchema,
  describe: (item) => item.name,
};

/** The profiles offered: those below the signed-in user's own level (all of them to an admin); a user editing itself sees its own, not offered, by its label. */
function profileField(): FieldDefinition {
  const level = useSession.getState().user?.permission_set.value;
  const options = level && level !== 'reporter' ? grantableProfiles(level as PermissionLevel) : [];
  return {
    name: 'permission',
    labelKey: 'fields:permission',
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
  hasActiveness: true,
  createPermission: 'contract',
  columns: [
    // The server's `name` of a user is its first name.
    { key: 'firstName', titleKey: 'fields:firstName', sortKey: 'name' },
    { key: 'email', titleKey: 'fields:email', sortKey: 'email' },
    {
      key: 'permission',
      titleKey: 'fields:permission',
      width: 125,
      sortKey: 'permission',
      render: (item, t) => t(`lists:profile.${item.permission}`),
    },
    { key: 'contractName', titleKey: 'fields:contract' },
    {
      key: 'createdAt',
      titleKey: 'fields:createdAt',
      width: 110,
      sortKey: 'createdAt',
      format: 'date',
    },
  ],
  filters: [
    { param: 'permission', labelKey: 'fields:permission', options: PROFILES, optionLabelPrefix: 'lists:profile.' },
    { param: 'contract', labelKey: 'fields:contract', optionsFrom: { endpoint: 'contracts' } },
  ],
  get fields() {
    return [
      { name: 'firstName', labelKey: 'fields:firstName', kind: 'text', half: true },
      { name: 'email', labelKey: 'fields:email', kind: 'email', half: true },
      { name: 'password', labelKey: 'fields:temporaryPassword', kind: 'password', half: true },
      profileField(),
      { name: 'base', labelKey: 'fields:base', kind: 'select', optionsFrom: parentOptions('user', 'base') },
      {
        name: 'work',
        labelKey: 'fields:work',
        kind: 'select',
        optionsFrom: parentOptions('user', 'work'),
        half: true,
      },
      {
        name: 'contract',
        labelKey: 'fields:contract',
        kind: 'select',
        optionsFrom: parentOptions('user', 'contract'),
        half: true,
      },
      { name: 'isActive', labelKey: 'fields:isActive', kind: 'activeness', half: true },
      {
        name: 'picture',
        labelKey: 'fields:picture',
        kind: 'image',
        uploadPath: 'picture',
        source: 'profilePicture',
        half: true,
      },
    ] satisfies FieldDefinition[];
  },
  createSchema: userCreateSchema,
  updateSchema: userUpdateSchema,
  // Nobody deactivates itself (409 cannot_deactivate_self): its own row offers no "Desativar".
  canChangeActiveness: (item, user) => item.id !== user.id,
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
    titleKey: `fields:${key}`,
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
    { key: 'userName', titleKey: 'fields:user', sortKey: 'userName' },
    {
      key: 'reportTime',
      titleKey: 'fields:reportTime',
      width: 150,
      sortKey: 'reportTime',
      render: (item) => formatDateTime(item.reportTime),
    },
    rating('experience'),
    rating('usability'),
    rating('resources'),
    { key: 'suggestions', titleKey: 'fields:suggestions' },
  ],
};
