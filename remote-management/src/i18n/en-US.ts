import type { Translation } from '@canteiro/shared/domain';
import type { ptBR } from './pt-BR';

/** The Management module's namespace (`management`) in English. */
export const enUS: Translation<typeof ptBR> = {
  menu: {
    start: 'Management',
    discipline: 'Disciplines',
    area: 'Areas',
    local: 'Locations',
    block: 'Blocks',
    package: 'Packages',
    activity: 'Activities',
    function: 'Functions',
    equipment: 'Equipment',
  },
  routes: {
    start: { title: 'Management', description: "Each contractor's site catalogue." },
    discipline: { title: 'Disciplines', description: "Each contractor's disciplines." },
    area: { title: 'Areas', description: 'The areas of each discipline.' },
    local: { title: 'Locations', description: 'The locations of each area.' },
    block: { title: 'Blocks', description: 'The blocks of each location.' },
    package: { title: 'Packages', description: 'The work packages of each block.' },
    activity: { title: 'Activities', description: 'Planned activities, with man-hours and quantities.' },
    function: { title: 'Functions', description: "The crews' trades." },
    equipment: { title: 'Equipment', description: "Each contractor's equipment." },
  },
  resources: {
    discipline: { one: 'Discipline', other: 'Disciplines' },
    area: { one: 'Area', other: 'Areas' },
    local: { one: 'Location', other: 'Locations' },
    block: { one: 'Block', other: 'Blocks' },
    package: { one: 'Package', other: 'Packages' },
    activity: { one: 'Activity', other: 'Activities' },
    function: { one: 'Function', other: 'Functions' },
    equipment: { one: 'Equipment', other: 'Equipment' },
  },
  contextHint: 'Choose a contractor to see and add {{plural}}.',
  actions: {
    finish: {
      label: 'Finish',
      confirm: 'Finish {{name}}?',
      text: 'The activity is marked as finished. You can reopen it later.',
      done: '{{name}} finished.',
    },
    reopen: {
      label: 'Reopen',
      confirm: 'Reopen {{name}}?',
      text: 'The activity is in term or late again, by its end date.',
      done: '{{name}} reopened.',
    },
  },
  welcome: {
    title: 'Welcome to the Management module',
    text: "Here you keep each contractor's site catalogue: the disciplines, areas, locations, blocks, packages, activities, functions and equipment the reporters use on site.",
    hint: 'Choose an option in the menu and select the contractor.',
  },
};
