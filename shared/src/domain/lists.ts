/**
 * The lists the spec leaves open (DOMAIN.md §2), as stored values: the forms offer them,
 * the server validates against them, and the database CHECK constraints are built from them.
 */

/** Base state: the 27 Brazilian federative units. */
// prettier-ignore
export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

/** Occurrence classification: what the crew's time was worth. */
export const OCCURRENCE_CLASSIFICATIONS = ['value_adding', 'hidden_waste', 'evident_waste'] as const;
export type OccurrenceClassification = (typeof OCCURRENCE_CLASSIFICATIONS)[number];

/** Occurrence category: where the cause lies. */
export const OCCURRENCE_CATEGORIES = [
  'labour',
  'material',
  'equipment',
  'planning',
  'safety',
  'weather',
  'other',
] as const;
export type OccurrenceCategory = (typeof OCCURRENCE_CATEGORIES)[number];

/** Contract reporting period, in minutes between two site walks. */
export const REPORTING_PERIODS = [15, 30, 60] as const;
export type ReportingPeriod = (typeof REPORTING_PERIODS)[number];

/** Activity measure unit; vb is a lump sum (verba). */
export const MEASURE_UNITS = ['m', 'm²', 'm³', 'kg', 't', 'un', 'vb'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/** Equipment report classification of one observation. */
export const EQUIPMENT_CLASSIFICATIONS = ['working', 'idle', 'down'] as const;
export type EquipmentClassification = (typeof EQUIPMENT_CLASSIFICATIONS)[number];

/** Activity status, derived (DOMAIN.md §3), never stored. */
export const ACTIVITY_STATUSES = ['finished', 'in_term', 'late'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Survey answers are ratings on this scale. */
export const SURVEY_RATING = { min: 1, max: 5 } as const;

/** Where a session was opened: the back-office (`from_web: true`) or the mobile app. */
export const SESSION_CHANNELS = ['web', 'mobile'] as const;
export type SessionChannel = (typeof SESSION_CHANNELS)[number];

/** The three kinds of observation the mobile app sends (spec §3). */
export const REPORT_KINDS = ['activity', 'equipment', 'quantity'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
