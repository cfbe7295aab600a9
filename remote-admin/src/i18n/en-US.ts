import type { Translation } from '@canteiro/shared/domain';
import type { ptBR } from './pt-BR';

/** The Administration module's namespace (`admin`) in English. */
export const enUS: Translation<typeof ptBR> = {
  menu: {
    start: 'Administrator',
    base: 'Bases',
    work: 'Works',
    contract: 'Contractors',
    occurrence: 'Occurrences',
    survey: 'Surveys',
    user: 'Users',
    audit: 'Audit trail',
  },
  routes: {
    start: { title: 'Administrator', description: 'Administration of bases, works, contractors and users.' },
    base: { title: 'Bases', description: "The company's bases." },
    user: { title: 'Users', description: 'Users and their access profiles.' },
    work: { title: 'Works', description: 'The works of each base.' },
    contract: { title: 'Contractors', description: 'The contractors of each work.' },
    occurrence: { title: 'Occurrences', description: 'The catalogue of occurrences reported on site.' },
    audit: { title: 'Audit trail', description: 'Who changed what, and when: every write with its before and after.' },
  },
  resources: {
    base: { one: 'Base', other: 'Bases' },
    work: { one: 'Work', other: 'Works' },
    contract: { one: 'Contractor', other: 'Contractors' },
    occurrence: { one: 'Occurrence', other: 'Occurrences' },
    user: { one: 'User', other: 'Users' },
    survey: { one: 'Survey', other: 'Surveys' },
    audit: { one: 'Audit entry', other: 'Audit trail' },
  },
  impact: {
    title: 'Change the class of {{name}}?',
    ok: 'Change the class',
    summary_one:
      'This rewrites history: {{observations}} observations in {{contracts}} contractor change class, and its indexes move as follows:',
    summary_other:
      'This rewrites history: {{observations}} observations in {{contracts}} contractors change class, and their indexes move as follows:',
    none: 'No observation uses this occurrence: no index changes.',
  },
  audit: {
    at: 'When',
    from: 'From',
    to: 'To',
    actions: {
      create: 'Created',
      update: 'Edited',
      status: 'Activation',
      finish: 'Finished',
      reopen: 'Reopened',
      picture: 'Picture',
      change_password: 'Password change',
      delete: 'Removal',
    },
    entities: {
      bases: 'Base',
      works: 'Work',
      contracts: 'Contractor',
      occurrences: 'Occurrence',
      users: 'User',
      surveys: 'Survey',
      disciplines: 'Discipline',
      areas: 'Area',
      locals: 'Location',
      blocks: 'Block',
      packages: 'Package',
      activities: 'Activity',
      functions: 'Function',
      equipment: 'Equipment',
      annotations: 'Annotation',
    },
  },
  welcome: {
    title: 'Welcome to the Administrator module',
    text: "Here you register bases, works and contractors, the occurrence catalogue and the users who access Canteiro, and follow the app's satisfaction surveys.",
    hint: 'Choose an option in the menu to start.',
  },
};
