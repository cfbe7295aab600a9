import { RANK_LISTS } from '@canteiro/shared/domain';
import type { DashboardAnswers, DashboardName, RankList } from '@canteiro/shared/domain';
import { byFunction } from './by-function.js';
import type { DashboardContext } from './context.js';
import { equipmentDashboard } from './equipment.js';
import { performance } from './performance.js';
import { projectHealth, rankEndsAnswer } from './project-health.js';
import { routine } from './routine.js';

/**
 * Every dashboard of the server, once: what it answers, its one-line summary and which report
 * table its filters read. The routes (routes.ts), the tests and the bench read this record; a
 * new dashboard is a line here, its function, its answer schema (shared/domain/dashboards.ts)
 * and its tables (dashboard-tables.ts).
 */
export interface DashboardDefinition<Name extends DashboardName> {
  answer: (context: DashboardContext) => Promise<DashboardAnswers[Name]>;
  summary: string;
  kind: 'activity' | 'equipment';
  /**
   * What the JSON route sends of the kept answer when not all of it (the export takes it
   * whole): `parameter`, a query parameter taking one of `values` or absent, picks the shape.
   */
  shown?: {
    parameter: string;
    values: readonly string[];
    description: string;
    answer(answer: DashboardAnswers[Name], value: string | null): DashboardAnswers[Name];
  };
}

export const DASHBOARDS: { readonly [Name in DashboardName]: DashboardDefinition<Name> } = {
  'project-health': {
    answer: projectHealth,
    summary: 'Project health: HH and indexes by class, weekdays, evolution, ranks, reporting compliance',
    kind: 'activity',
    shown: {
      parameter: 'ranks',
      values: RANK_LISTS,
      description:
        'A ranked list to answer whole. Without it every list longer than its ends is answered by them: the ' +
        'RANK_ENDS (10) highest and lowest items by each class share, in the list order; rankCounts says how many the whole list holds.',
      // The route passes one of `values` or null.
      answer: (answer, value) => rankEndsAnswer(answer, value as RankList | null),
    },
  },
  'by-function': {
    answer: byFunction,
    summary: 'By function: HH, people, registers, people per local, top occurrences, function ranks',
    kind: 'activity',
  },
  routine: { answer: routine, summary: 'Routine: HH by class per hour of the day', kind: 'activity' },
  equipment: {
    answer: equipmentDashboard,
    summary: 'Equipment: utilization per item and the top 5 companies by idle and down observations',
    kind: 'equipment',
  },
  performance: {
    answer: performance,
    summary: 'Performance: RUP and productivity index by activity, package and local; added value; activity status',
    kind: 'activity',
  },
};

/** The answer of dashboard `name` for a request's context. */
export const dashboardAnswer = <Name extends DashboardName>(
  name: Name,
  context: DashboardContext,
): Promise<DashboardAnswers[Name]> => DASHBOARDS[name].answer(context);
