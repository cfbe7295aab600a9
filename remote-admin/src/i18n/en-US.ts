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
  },
  routes: {
    start: { title: 'Administrator', description: 'Administration of bases, works, contractors and users.' },
    base: { title: 'Bases', description: "The company's bases." },
    user: { title: 'Users', description: 'Users and their access profiles.' },
    work: { title: 'Works', description: 'The works of each base.' },
    contract: { title: 'Contractors', description: 'The contractors of each work.' },
    occurrence: { title: 'Occurrences', description: 'The catalogue of occurrences reported on site.' },
  },
  resources: {
    base: { one: 'Base', other: 'Bases' },
    work: { one: 'Work', other: 'Works' },
    contract: { one: 'Contractor', other: 'Contractors' },
    occurrence: { one: 'Occurrence', other: 'Occurrences' },
    user: { one: 'User', other: 'Users' },
    survey: { one: 'Survey', other: 'Surveys' },
  },
  welcome: {
    title: 'Welcome to the Administrator module',
    text: "Here you register bases, works and contractors, the occurrence catalogue and the users who access Canteiro, and follow the app's satisfaction surveys.",
    hint: 'Choose an option in the menu to start.',
  },
};
