import type { RangeType } from './constants.js';
import type { ReportFilters } from './schemas/filters.js';

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

/** HH by class, their shares of the total and the sample behind them. */
export interface ClassTotals {
  hh: { valueAdding: number; hiddenWaste: number; evidentWaste: number; total: number };
  /** HH of the class / HH total; the three sum to 1; `null` when there is no HH. */
  index: { valueAdding: number | null; hiddenWaste: number | null; evidentWaste: number | null };
  /** Worker-observations: sum of quantity. */
  workers: number;
  /** Report rows. */
  registers: number;
  lowConfidence: boolean;
}

/** What every dashboard echoes: the filters it read (range defaulted) and when it answered. */
export interface DashboardMeta {
  filters: ReportFilters & { range: RangeType };
  /** ISO instant. */
  generatedAt: string;
}

export interface NamedClassTotals extends ClassTotals {
  id: number;
  name: string;
}

/** One bucket of the time axis: `bucket` is its first day (`YYYY-MM-DD`, a Monday for weeks). */
export interface EvolutionPoint {
  bucket: string;
  valueAddingIndex: number | null;
  hh: number;
  workers: number;
  registers: number;
  lowConfidence: boolean;
}

export interface ComplianceReporter {
  user: number;
  name: string;
  /** Walks: distinct report times of that reporter's activity rows (docs/demo-data.md). */
  reports: number;
  /** reportingGoal × days the contract was reported (days with activity rows) in the filtered period. */
  expected: number;
  /** reports / expected (`null` when nothing was expected). */
  ratio: number | null;
}

export interface ComplianceDay {
  /** `YYYY-MM-DD` on the site's clock. */
  date: string;
  reports: number;
  /** reportingGoal × reporters of the filtered period. */
  expected: number;
  ratio: number | null;
}

export interface ProjectHealthDashboard extends DashboardMeta {
  totals: ClassTotals;
  /** ISO weekday 1 (Monday) … 7 (Sunday); only days with rows. */
  weekdays: (ClassTotals & { weekday: number })[];
  /** Value-adding index per bucket of `range`, oldest first. */
  evolution: EvolutionPoint[];
  /** Each list ordered by value-adding index, highest first (the UI re-sorts by a waste). */
  ranks: {
    packages: NamedClassTotals[];
    locals: NamedClassTotals[];
    functions: NamedClassTotals[];
    activities: NamedClassTotals[];
  };
  compliance: {
    /** The contract's reportingGoal: walks expected per reporter per day. */
    goal: number;
    reports: number;
    expected: number;
    ratio: number | null;
    reporters: ComplianceReporter[];
    days: ComplianceDay[];
  };
}

export interface TopOccurrence {
  id: number;
  name: string;
  classification: 'value_adding' | 'hidden_waste' | 'evident_waste';
  hh: number;
  workers: number;
  /** hh / total HH. */
  share: number;
  /** Running share, occurrences ordered by HH descending (the Pareto line). */
  cumulativeShare: number;
}

export interface ByFunctionDashboard extends DashboardMeta {
  totals: ClassTotals;
  totalHh: number;
  /** Sum of quantity. */
  totalPeople: number;
  registers: number;
  /** totalPeople / distinct (report time, local); `null` without rows. */
  averagePeoplePerLocal: number | null;
  /** By HH descending. */
  topOccurrences: TopOccurrence[];
  /** By value-adding index descending. */
  functions: NamedClassTotals[];
}

export interface RoutineDashboard extends DashboardMeta {
  totals: ClassTotals;
  totalHh: number;
  /** Hour of the day 0..23 on the site's clock; only hours with rows. */
  hours: (ClassTotals & { hour: number })[];
}

export interface EquipmentUtilization {
  id: number;
  name: string;
  company: string;
  working: number;
  idle: number;
  down: number;
  observations: number;
  /** working / observations. */
  utilization: number | null;
  lowConfidence: boolean;
}

export interface EquipmentDashboard extends DashboardMeta {
  /** By utilization descending. */
  equipment: EquipmentUtilization[];
  /** The five companies with most idle + down observations. */
  topCompanies: { company: string; occurrences: number }[];
  observations: number;
}

/** RUP of one activity: its HH in the period over what was produced of it in the period. */
export interface ActivityProductivity {
  id: number;
  name: string;
  packageId: number;
  localId: number;
  unit: string;
  hh: number;
  produced: number;
  /** activity hhCount / activity quantity. */
  plannedRup: number | null;
  /** hh / produced; `null` when nothing was produced. */
  actualRup: number | null;
  /** plannedRup / actualRup (> 1 beats the plan). */
  productivityIndex: number | null;
}

/**
 * Productivity of a package or local: units differ between its activities, so its index is
 * Σ(plannedRup × produced) / Σ hh over its activities that produced something (for one
 * activity, exactly plannedRup / actualRup).
 */
export interface GroupProductivity {
  id: number;
  name: string;
  /** HH of the activities that produced something. */
  hh: number;
  /** Σ plannedRup × produced: the HH the plan allows for what was produced. */
  plannedHh: number;
  productivityIndex: number | null;
}

export interface AddedValueShare {
  id: number;
  name: string;
  /** Value-adding HH. */
  hh: number;
  /** hh / all value-adding HH. */
  share: number;
}

export interface PerformanceDashboard extends DashboardMeta {
  activities: ActivityProductivity[];
  byPackage: GroupProductivity[];
  byLocal: GroupProductivity[];
  addedValue: { byPackage: AddedValueShare[]; byLocal: AddedValueShare[] };
  /** Active activities of the contract (DOMAIN.md §3), as of today; not filtered by dates. */
  activityStatus: { finished: number; late: number; inTerm: number };
}

/**
 * `GET /api/dashboards/period?contract=`: the contract's first and last site days with
 * activity reports, and the range a dashboard opens on when its URL names no dates (the last
 * four weeks that have data, from a Monday). Every value null without reports or out of scope.
 */
export interface DashboardPeriod {
  first: string | null;
  last: string | null;
  from: string | null;
  to: string | null;
}

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
