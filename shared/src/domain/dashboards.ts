import * as v from 'valibot';
import { RANGE_TYPES } from './constants.js';
import type { RangeType } from './constants.js';
import { FILTER_CLASSIFICATIONS, FILTER_DIMENSIONS } from './schemas/filters.js';
import { idField } from './schemas/organisation.js';
import { annotationSchema, shareDifferenceSchema } from './comparison-schemas.js';
import type { FilterDimension, ReportFilters } from './schemas/filters.js';

/**
 * The answers of `GET /api/dashboards/*` (docs/dashboards.md), every figure as DOMAIN.md §3
 * defines it and computed by SQL in the database. The query of each is the shared filter
 * schema's (`reportFiltersSchema`: contract, from, to, fromTime, toTime, weekdays, the
 * dimensions, week, range); the filters restrict the rows before any figure is computed.
 *
 * Units: HH (man-hours) = workers seen × the contract's reporting period in hours. Indexes
 * and shares are fractions 0..1 (not percentages), `null` when there is nothing to divide.
 * Every share carries its sample: `workers` (worker-observations = sum of quantity) and
 * `registers` (report rows); `lowConfidence` when `workers` < {@link CONFIDENCE_SAMPLE}.
 */

/** Worker-observations below which a share is low-confidence (95 %, ±5 %: DOMAIN.md §3). */
export const CONFIDENCE_SAMPLE = 385;

/** The three occurrence classes, as the keys of `hh` and `index`. */
export const DASHBOARD_CLASSES = ['valueAdding', 'hiddenWaste', 'evidentWaste'] as const;
export type DashboardClass = (typeof DASHBOARD_CLASSES)[number];

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A fraction 0..1, or null when there is nothing to divide. */
const share = v.nullable(v.number());
const day = v.pipe(v.string(), v.isoDate());

/** A share's 95 % interval (intervals.ts `ShareInterval`, DOMAIN.md §5). */
export const shareIntervalSchema = v.object({
  low: v.number(),
  high: v.number(),
  variance: v.number(),
  effectiveSample: v.number(),
  designEffect: v.nullable(v.number()),
  lowConfidence: v.boolean(),
});

/** HH by class, their shares of the total and the sample behind them. */
export const classTotalsSchema = v.object({
  hh: v.object({ valueAdding: v.number(), hiddenWaste: v.number(), evidentWaste: v.number(), total: v.number() }),
  /** HH of the class / HH total; the three sum to 1; `null` when there is no HH. */
  index: v.object({ valueAdding: share, hiddenWaste: share, evidentWaste: share }),
  /** Each share's 95 % interval; `null` when the share is. */
  intervals: v.object({
    valueAdding: v.nullable(shareIntervalSchema),
    hiddenWaste: v.nullable(shareIntervalSchema),
    evidentWaste: v.nullable(shareIntervalSchema),
  }),
  /** Worker-observations: sum of quantity. */
  workers: count,
  /** Report rows. */
  registers: count,
  /** One of the shares is low-confidence (its interval wider than ± 5 points), or there is none. */
  lowConfidence: v.boolean(),
});
export type ClassTotals = v.InferOutput<typeof classTotalsSchema>;

/**
 * The period of the same length just before the filters' days (`previousPeriod`), its class
 * totals under the same filters otherwise, and each share's change from it to the answer's
 * totals (null where either share is); null when the filters do not bound both ends.
 */
export const previousPeriodSchema = v.nullable(
  v.object({
    from: day,
    to: day,
    totals: classTotalsSchema,
    change: v.object({
      valueAdding: v.nullable(shareDifferenceSchema),
      hiddenWaste: v.nullable(shareDifferenceSchema),
      evidentWaste: v.nullable(shareDifferenceSchema),
    }),
  }),
);
export type PreviousPeriod = v.InferOutput<typeof previousPeriodSchema>;

/** The filters a dashboard read, as it echoes them: ids as numbers, weekdays as their two ends, range defaulted. */
export const dashboardFiltersSchema = v.object({
  contract: id,
  from: v.optional(day),
  to: v.optional(day),
  fromTime: v.optional(v.string()),
  toTime: v.optional(v.string()),
  weekdays: v.optional(v.object({ first: v.pipe(v.number(), v.integer()), last: v.pipe(v.number(), v.integer()) })),
  ...(Object.fromEntries(FILTER_DIMENSIONS.map((name) => [name, v.optional(id)])) as Record<
    FilterDimension,
    v.OptionalSchema<typeof id, undefined>
  >),
  classification: v.optional(v.picklist(FILTER_CLASSIFICATIONS)),
  week: v.optional(v.string()),
  range: v.picklist(RANGE_TYPES),
});

/**
 * The last observation under the filters, on the site's clock ("Dados até 25/11 16:37"): its
 * local date and minute (`HH:mm`); null when the filters hold no row.
 */
export const lastObservationSchema = v.nullable(
  v.object({ date: day, time: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/)) }),
);
export type LastObservation = v.InferOutput<typeof lastObservationSchema>;

/** What every dashboard echoes: the filters it read (range defaulted), its data's last observation and when it answered. */
const dashboardMeta = {
  filters: dashboardFiltersSchema,
  lastObservation: lastObservationSchema,
  /** ISO instant. */
  generatedAt: v.pipe(v.string(), v.isoTimestamp()),
};
export type DashboardMeta = {
  filters: ReportFilters & { range: RangeType };
  lastObservation: LastObservation;
  generatedAt: string;
};

export const namedClassTotalsSchema = v.object({ ...classTotalsSchema.entries, id, name: v.string() });
export type NamedClassTotals = v.InferOutput<typeof namedClassTotalsSchema>;

/**
 * How a ranked item moved against the period before, ranked by each class's share: its
 * position among the items seen in both periods then, minus its position among them now
 * (positive: it climbed; 0: it kept its place).
 */
export const rankMovementSchema = v.object({
  valueAdding: v.pipe(v.number(), v.integer()),
  hiddenWaste: v.pipe(v.number(), v.integer()),
  evidentWaste: v.pipe(v.number(), v.integer()),
});
export type RankMovement = v.InferOutput<typeof rankMovementSchema>;

/** A ranked item: its figures and how it moved (null when it was not seen in the period before, or there is none). */
export const rankedClassTotalsSchema = v.object({
  ...namedClassTotalsSchema.entries,
  moved: v.nullable(rankMovementSchema),
});
export type RankedClassTotals = v.InferOutput<typeof rankedClassTotalsSchema>;

/** One bucket of the time axis: `bucket` is its first day (`YYYY-MM-DD`, a Monday for weeks). */
export const evolutionPointSchema = v.object({
  bucket: day,
  valueAddingIndex: share,
  /** The value-adding share's 95 % interval (the band around the line). */
  interval: v.nullable(shareIntervalSchema),
  hh: v.number(),
  workers: count,
  registers: count,
  lowConfidence: v.boolean(),
});
export type EvolutionPoint = v.InferOutput<typeof evolutionPointSchema>;

export const complianceReporterSchema = v.object({
  user: id,
  name: v.string(),
  /** Walks: distinct report times of that reporter's activity rows (docs/demo-data.md). */
  reports: count,
  /** reportingGoal × days the contract was reported (days with activity rows) in the filtered period. */
  expected: v.number(),
  /** reports / expected (`null` when nothing was expected). */
  ratio: v.nullable(v.number()),
});
export type ComplianceReporter = v.InferOutput<typeof complianceReporterSchema>;

export const complianceDaySchema = v.object({
  /** `YYYY-MM-DD` on the site's clock. */
  date: day,
  reports: count,
  /** reportingGoal × reporters of the filtered period. */
  expected: v.number(),
  ratio: v.nullable(v.number()),
});
export type ComplianceDay = v.InferOutput<typeof complianceDaySchema>;

export const projectHealthDashboardSchema = v.object({
  ...dashboardMeta,
  /** The contract's targets (fractions 0..1, its form's percent / 100): lines on the charts; null when not set. */
  targets: v.object({ valueAdding: share, compliance: share }),
  totals: classTotalsSchema,
  previous: previousPeriodSchema,
  /** ISO weekday 1 (Monday) … 7 (Sunday); only days with rows. */
  weekdays: v.array(v.object({ ...classTotalsSchema.entries, weekday: v.pipe(v.number(), v.integer()) })),
  /** Value-adding index per bucket of `range`, oldest first. */
  evolution: v.array(evolutionPointSchema),
  /**
   * Each list ordered by value-adding index, highest first (the UI re-sorts by a waste), each
   * item with how it moved against `previous`'s days (null everywhere when `previous` is).
   */
  ranks: v.object({
    packages: v.array(rankedClassTotalsSchema),
    locals: v.array(rankedClassTotalsSchema),
    functions: v.array(rankedClassTotalsSchema),
    activities: v.array(rankedClassTotalsSchema),
  }),
  /**
   * How many items each whole list holds. A list longer than its ends (RANK_ENDS at the top and
   * at the bottom by each class's share, rankEnds) is answered by those ends, in the list's order;
   * `ranks=<list>` answers that one whole.
   */
  rankCounts: v.object({ packages: count, locals: count, functions: count, activities: count }),
  /**
   * The control chart of the daily value-adding share (DOMAIN.md §5): the window's share as
   * centre, each day's limits from its workers and the window's design effect, and its signal.
   */
  control: v.object({
    centre: share,
    designEffect: v.nullable(v.number()),
    days: v.array(
      v.object({
        date: day,
        share: v.number(),
        workers: count,
        lower: v.number(),
        upper: v.number(),
        signal: v.nullable(v.picklist(['outside', 'run'])),
      }),
    ),
  }),
  /** The contract's annotations that meet the filters' days, by first day, each with its before/after comparison. */
  annotations: v.array(annotationSchema),
  compliance: v.object({
    /** The contract's reportingGoal: walks expected per reporter per day. */
    goal: v.number(),
    reports: count,
    expected: v.number(),
    ratio: v.nullable(v.number()),
    reporters: v.array(complianceReporterSchema),
    days: v.array(complianceDaySchema),
  }),
});
export type ProjectHealthDashboard = v.InferOutput<typeof projectHealthDashboardSchema> & DashboardMeta;

/** A value-adding occurrence: its HH and its share of all HH, apart from the losses' Pareto. */
export const valueAddingOccurrenceSchema = v.object({
  id,
  name: v.string(),
  hh: v.number(),
  workers: count,
  /** hh / total HH. */
  share: v.number(),
  /** The share's 95 % interval (the rows of the occurrence against all rows: DOMAIN.md §5). */
  interval: v.nullable(shareIntervalSchema),
});
export type ValueAddingOccurrence = v.InferOutput<typeof valueAddingOccurrenceSchema>;

/** A loss (hidden or evident waste) of the Pareto. */
export const topOccurrenceSchema = v.object({
  ...valueAddingOccurrenceSchema.entries,
  classification: v.picklist(['hidden_waste', 'evident_waste']),
  /** Running share of the losses' HH, losses ordered by HH descending (the Pareto line, ending at 1). */
  cumulativeShare: v.number(),
});
export type TopOccurrence = v.InferOutput<typeof topOccurrenceSchema>;

export const byFunctionDashboardSchema = v.object({
  ...dashboardMeta,
  totals: classTotalsSchema,
  totalHh: v.number(),
  /** Sum of quantity. */
  totalPeople: count,
  registers: count,
  /** totalPeople / distinct (report time, local); `null` without rows. */
  averagePeoplePerLocal: v.nullable(v.number()),
  /** The losses (hidden and evident waste) by HH descending: the Pareto. */
  topOccurrences: v.array(topOccurrenceSchema),
  /** The value-adding occurrences by HH descending, apart from the Pareto of losses. */
  valueAddingOccurrences: v.array(valueAddingOccurrenceSchema),
  /** By value-adding index descending. */
  functions: v.array(namedClassTotalsSchema),
});
export type ByFunctionDashboard = v.InferOutput<typeof byFunctionDashboardSchema> & DashboardMeta;

export const routineDashboardSchema = v.object({
  ...dashboardMeta,
  totals: classTotalsSchema,
  previous: previousPeriodSchema,
  totalHh: v.number(),
  /** Hour of the day 0..23 on the site's clock; only hours with rows. */
  hours: v.array(v.object({ ...classTotalsSchema.entries, hour: v.pipe(v.number(), v.integer()) })),
  /** HH by class per bucket of `range` (its first day; a week's Monday), oldest first; only buckets with rows. */
  evolution: v.array(v.object({ ...classTotalsSchema.entries, bucket: day })),
  /** The contract's annotations that meet the filters' days (as project health's). */
  annotations: v.array(annotationSchema),
});
export type RoutineDashboard = v.InferOutput<typeof routineDashboardSchema> & DashboardMeta;

export const equipmentUtilizationSchema = v.object({
  id,
  name: v.string(),
  company: v.string(),
  working: count,
  idle: count,
  down: count,
  observations: count,
  /** working / observations. */
  utilization: v.nullable(v.number()),
  lowConfidence: v.boolean(),
});
export type EquipmentUtilization = v.InferOutput<typeof equipmentUtilizationSchema>;

/** A rental company: its machines observed in the period and their idle + down observations. */
export const equipmentCompanySchema = v.object({
  company: v.string(),
  /** Its machines with observations under the filters. */
  machines: count,
  /** Idle + down observations of its machines. */
  occurrences: count,
  /** occurrences / machines. */
  perMachine: v.number(),
});
export type EquipmentCompany = v.InferOutput<typeof equipmentCompanySchema>;

/** The equipment observations of one bucket of `range` (its first day; a week's Monday). */
export const equipmentBucketSchema = v.object({
  bucket: day,
  working: count,
  idle: count,
  down: count,
  observations: count,
  /** working / observations. */
  utilization: v.number(),
});
export type EquipmentBucket = v.InferOutput<typeof equipmentBucketSchema>;

export const equipmentDashboardSchema = v.object({
  ...dashboardMeta,
  /** By utilization descending. */
  equipment: v.array(equipmentUtilizationSchema),
  /** The five companies with most idle + down observations (then by name). */
  topCompanies: v.array(equipmentCompanySchema),
  /** The five companies with most idle + down observations per machine (then by occurrences, name). */
  topCompaniesPerMachine: v.array(equipmentCompanySchema),
  observations: count,
  /** Working observations of every machine. */
  working: count,
  /** working / observations: the overall utilization; `null` without observations. */
  utilization: share,
  /** The utilization per bucket of `range`, oldest first; only buckets with observations. */
  evolution: v.array(equipmentBucketSchema),
  /** The contract's annotations that meet the filters' days (as project health's). */
  annotations: v.array(annotationSchema),
});
export type EquipmentDashboard = v.InferOutput<typeof equipmentDashboardSchema> & DashboardMeta;

/** RUP of one activity: its HH in the period over what was produced of it in the period. */
export const activityProductivitySchema = v.object({
  id,
  name: v.string(),
  packageId: id,
  localId: id,
  unit: v.string(),
  hh: v.number(),
  produced: v.number(),
  /** activity hhCount / activity quantity. */
  plannedRup: v.nullable(v.number()),
  /** hh / produced; `null` when nothing was produced. */
  actualRup: v.nullable(v.number()),
  /** plannedRup / actualRup (> 1 beats the plan). */
  productivityIndex: v.nullable(v.number()),
});
export type ActivityProductivity = v.InferOutput<typeof activityProductivitySchema>;

/**
 * Productivity of a package or local: units differ between its activities, so its index is
 * Σ(plannedRup × produced) / Σ hh over its activities that produced something (for one
 * activity, exactly plannedRup / actualRup).
 */
export const groupProductivitySchema = v.object({
  id,
  name: v.string(),
  /** HH of the activities that produced something. */
  hh: v.number(),
  /** Σ plannedRup × produced: the HH the plan allows for what was produced. */
  plannedHh: v.number(),
  productivityIndex: v.nullable(v.number()),
});
export type GroupProductivity = v.InferOutput<typeof groupProductivitySchema>;

export const addedValueShareSchema = v.object({
  id,
  name: v.string(),
  /** Value-adding HH. */
  hh: v.number(),
  /** hh / all value-adding HH. */
  share: v.number(),
});
export type AddedValueShare = v.InferOutput<typeof addedValueShareSchema>;

export const performanceDashboardSchema = v.object({
  ...dashboardMeta,
  activities: v.array(activityProductivitySchema),
  byPackage: v.array(groupProductivitySchema),
  byLocal: v.array(groupProductivitySchema),
  addedValue: v.object({ byPackage: v.array(addedValueShareSchema), byLocal: v.array(addedValueShareSchema) }),
  /** Active activities of the contract (DOMAIN.md §3), as of today; not filtered by dates. */
  activityStatus: v.object({ finished: count, late: count, inTerm: count }),
});
export type PerformanceDashboard = v.InferOutput<typeof performanceDashboardSchema> & DashboardMeta;

/**
 * `GET /api/dashboards/period?contract=`: the contract's first and last site days with
 * activity reports, and the range a dashboard opens on when its URL names no dates (the last
 * four weeks that have data, from a Monday). Every value null without reports or out of scope.
 */
export const dashboardPeriodSchema = v.object({
  first: v.nullable(day),
  last: v.nullable(day),
  from: v.nullable(day),
  to: v.nullable(day),
});
export type DashboardPeriod = v.InferOutput<typeof dashboardPeriodSchema>;

/**
 * The contract the Dashboards open on for this user, on any device (`GET/PUT
 * /api/dashboards/last-contract`): the one chosen last, null before any choice or when it has
 * left the user's scope or is inactive.
 */
export const lastContractSchema = v.object({ contract: v.nullable(id) });
export type LastContract = v.InferOutput<typeof lastContractSchema>;

/** The body of `PUT /api/dashboards/last-contract`: the contract just chosen. */
export const lastContractChoiceSchema = v.strictObject({ contract: idField });

/** Each dashboard's answer schema, by its path under /api/dashboards. */
export const DASHBOARD_SCHEMAS = {
  'project-health': projectHealthDashboardSchema,
  'by-function': byFunctionDashboardSchema,
  routine: routineDashboardSchema,
  equipment: equipmentDashboardSchema,
  performance: performanceDashboardSchema,
} as const;

/** The paths under /api/dashboards and their answers. */
export interface DashboardAnswers {
  'project-health': ProjectHealthDashboard;
  'by-function': ByFunctionDashboard;
  routine: RoutineDashboard;
  equipment: EquipmentDashboard;
  performance: PerformanceDashboard;
}
export type DashboardName = keyof DashboardAnswers;
export const DASHBOARD_NAMES = ['project-health', 'by-function', 'routine', 'equipment', 'performance'] as const;
