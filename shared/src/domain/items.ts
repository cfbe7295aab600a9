/**
 * The shape of each Administration item as the API answers it (lists, reads, writes):
 * one definition for the server that builds it and the screens that show it.
 */

export interface BaseItem {
  id: number;
  name: string;
  state: string;
  isActive: boolean;
  createdAt: string;
  /** A base has no parent: always false, present so every level reads alike. */
  parentInactive: boolean;
}

export interface WorkItem {
  id: number;
  name: string;
  prj: string;
  description: string;
  base: number;
  baseName: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  createdAt: string;
  parentInactive: boolean;
}

export interface ContractItem {
  id: number;
  name: string;
  description: string;
  base: number;
  baseName: string;
  work: number;
  workName: string;
  reportingGoal: number;
  reportingPeriod: number;
  isActive: boolean;
  createdAt: string;
  parentInactive: boolean;
}

export interface OccurrenceItem {
  id: number;
  name: string;
  category: string;
  classification: string;
  isActive: boolean;
}

export interface UserItem {
  id: number;
  firstName: string | null;
  email: string;
  permission: string;
  base: number | null;
  baseName: string | null;
  work: number | null;
  workName: string | null;
  contract: number | null;
  contractName: string | null;
  /** URL of GET /api/users/:id/picture, or null. */
  profilePicture: string | null;
  firstAccess: boolean;
  isActive: boolean;
  createdAt: string;
  parentInactive: boolean;
}

export interface SurveyItem {
  id: number;
  user: number;
  userName: string | null;
  reportTime: string;
  experience: number;
  usability: number;
  resources: number;
  suggestions: string | null;
}

/** What every record of a contract's catalogue carries (Management, spec §3). */
interface CatalogueItem {
  id: number;
  contract: number;
  contractName: string;
  isActive: boolean;
  createdAt: string;
  /** The contract (or its work or base) or another ancestor is inactive. */
  parentInactive: boolean;
}

export interface DisciplineItem extends CatalogueItem {
  name: string;
}

export interface AreaItem extends CatalogueItem {
  name: string;
  discipline: number;
  disciplineName: string;
}

export interface LocalItem extends CatalogueItem {
  name: string;
  area: number;
  areaName: string;
}

export interface BlockItem extends CatalogueItem {
  name: string;
  local: number;
  localName: string;
}

export interface PackageItem extends CatalogueItem {
  name: string;
  block: number;
  blockName: string;
}

export interface ActivityItem extends CatalogueItem {
  name: string;
  area: number;
  areaName: string;
  local: number;
  localName: string;
  block: number;
  blockName: string;
  package: number;
  packageName: string;
  measureUnit: string;
  hhCount: number;
  quantity: number;
  startDate: string;
  endDate: string;
  /** Planned days, both ends included. */
  term: number;
  isFinished: boolean;
  /** Derived when read, on the site's clock (DOMAIN.md §3). */
  status: 'finished' | 'in_term' | 'late';
}

export interface FunctionItem extends CatalogueItem {
  name: string;
}

export interface EquipmentItem extends CatalogueItem {
  company: string;
  type: string;
  specification: string;
}

/* The report lists (GET /api/reports/{activity,equipment,quantity}, docs/reports.md). */

/** What every report row carries: the device's id, its contract, the instant (UTC) and its site day and time, the reporter (docs/reports.md "Items"). */
export interface ReportItem {
  id: string;
  contract: number;
  reportTime: string;
  localDate: string;
  localTime: string;
  user: number;
  userName: string | null;
}

export interface ActivityReportItem extends ReportItem {
  package: number;
  packageName: string;
  local: number;
  localName: string;
  activity: number;
  activityName: string;
  function: number;
  functionName: string;
  occurrence: number;
  occurrenceName: string;
  classification: string;
  quantity: number;
  notes: string | null;
  reportInfo: string | null;
  isScheduled: boolean;
}

export interface EquipmentReportItem extends ReportItem {
  package: number;
  packageName: string;
  area: number;
  areaName: string;
  activity: number;
  activityName: string;
  equipment: number;
  equipmentName: string;
  company: string;
  classification: string;
  notes: string | null;
}

export interface QuantityReportItem extends ReportItem {
  package: number;
  packageName: string;
  area: number;
  areaName: string;
  activity: number;
  activityName: string;
  quantity: number;
  unity: string;
}
