import type { Translation } from '@canteiro/shared/domain';
import type { ptBR } from './pt-BR';

/** The Dashboards module's namespace (`dash`) in English. */
export const enUS: Translation<typeof ptBR> = {
  menu: {
    start: 'Dashboards',
    projectHealth: 'Project health',
    byFunction: 'By function',
    routine: 'Routine',
    equipmentDash: 'Equipment',
    performance: 'Performance',
    activityReport: 'Activity report',
    equipmentReport: 'Equipment report',
    quantityReport: 'Quantity report',
  },
  routes: {
    start: { title: 'Dashboards', description: 'Productivity indicators of the works.' },
    equipmentReport: { title: 'Equipment report', description: 'Equipment observations reported on site.' },
    quantityReport: { title: 'Quantity report', description: 'Produced quantities reported on site.' },
    projectHealth: {
      title: 'Project health',
      description: 'Indexes and man-hours of value-adding work, hidden waste and evident waste.',
    },
    byFunction: { title: 'By function', description: 'Man-hours, people and occurrences of each function.' },
    routine: { title: 'Routine', description: 'Man-hours hour by hour through the day.' },
    equipment: { title: 'Equipment', description: 'Equipment utilization and occurrences.' },
    performance: { title: 'Performance', description: 'Productivity by package and by location.' },
  },
  header: {
    weekdayFirst: 'From weekday',
    weekdayLast: 'To weekday',
    weekPlaceholder: 'Week',
    timePlaceholder: 'hh:mm',
    any: 'Any',
    rangeType: { auto: 'Automatic' },
    filters: 'Filters',
    fixFilters: 'Correct the marked filters to see the data.',
  },
  contractHint: 'Choose a contractor to see the data.',
  noData: 'No data for these filters.',
  // The search reads notes and every name: "by name" would say less, and the box is narrow at 1064 px.
  searchPlaceholder: 'Search…',
  columns: { workers: 'Workers', when: 'Date and time' },
  welcome: {
    title: 'Welcome to the Dashboards',
    text: 'See how crews spend their time: value-adding work, hidden waste and evident waste, in man-hours, by function, routine, equipment and performance.',
    hint: 'Choose a dashboard in the menu and select the contractor.',
  },
  kit: {
    rankBy: 'Rank by',
    showValues: 'Show values',
    hideValues: 'Hide values',
    loading: 'Loading the data…',
    lowConfidence: 'Low confidence',
    lowConfidenceHint: 'Fewer than {{sample}} observations: the margin exceeds ±5 % (95 % confidence).',
    lowConfidenceNote: 'Marked rows: fewer than {{sample}} observations, margin above ±5 % (95 % confidence).',
    sample: '{{workers}} observations · {{registers}} registers',
    chartOf: 'Chart: {{title}}',
    hhOf: '{{hh}} HH',
  },
  byFunction: {
    kpis: 'Figures of the period',
    sample: 'Sample: {{value}} observations',
    hhHint: 'Man-hours observed in the period',
    averageHint: 'Per location and report time',
    peopleHint: 'Sum of the workers observed',
    paretoLabel:
      'Pareto chart: HH of each occurrence, highest first, in the colour of its class, and the cumulative share',
    legend: 'Legend',
    registersOf: 'Registers: {{value}}',
    functionsLabel: 'Bar chart: value-adding, hidden waste and evident waste of each function, ranked by {{ranking}}',
  },
  equipment: {
    filtersIgnored:
      'The function and occurrence filters do not apply to equipment: these figures do not change with them.',
    machines: 'Equipment observed',
    utilizationLabel:
      'Bar chart: share of working, idle and down observations of each piece of equipment, by utilization',
    observationsOf: 'Observations: {{value}}',
    companiesLabel: 'Bar chart: occurrences of the five companies with most idle or down equipment',
    occurrencesHint: 'Occurrences: observations of idle or down equipment.',
    lowSample: '{{low}} of {{all}} pieces of equipment with fewer than {{sample}} observations in the period.',
  },
  performance: {
    plan: 'Plan = {{value}}',
    hhTitle: '{{name}} · HH {{hh}} · planned HH {{planned}}',
    productivityLabel: 'Bar chart: {{title}}; the line at 1 is the plan',
    addedValueLabel: 'Bar chart: {{title}}, share of the value-adding HH',
    nothing: 'No production reported for these filters.',
    statusHint: "The contractor's active activities today: the dates do not change these figures.",
    statusLabel: 'Donut chart: finished, late and in-term activities',
  },
  projectHealth: {
    classes: 'HH by class',
    ranks: 'Rankings',
    rankChart: '{{title}}: the first {{count}} by {{by}}',
    goal: 'Goal',
    complianceOverall: 'Overall compliance',
    complianceSample: '{{reports}} of {{expected}} expected reports · goal of {{goal}} a day',
  },
  routine: {
    view: 'Show',
    viewHh: 'HH',
    viewIndex: 'Indexes',
  },
};
