import * as v from 'valibot';
import { lastObservationSchema, shareIntervalSchema } from './dashboards.js';

/**
 * The portfolio (`GET /api/dashboards/portfolio`, docs/dashboards.md, "Portfolio"): every
 * active contract the caller may see, each with the figures that say where to look first —
 * all over the same days, the four weeks ending on the site's today.
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const day = v.pipe(v.string(), v.isoDate());

/** Why a contract asks for attention. */
export const PORTFOLIO_ALERTS = ['control', 'compliance', 'evidentWaste'] as const;
export type PortfolioAlert = (typeof PORTFOLIO_ALERTS)[number];

/** Reporting compliance under which a contract is flagged (a fraction of the walks expected). */
export const COMPLIANCE_ALERT = 0.8;

export const portfolioContractSchema = v.object({
  id,
  name: v.string(),
  base: v.object({ id, name: v.string() }),
  work: v.object({ id, name: v.string() }),
  /** Value-adding share of the four weeks (null without observations) and its 95 % interval. */
  valueAdding: v.nullable(v.number()),
  interval: v.nullable(shareIntervalSchema),
  /** Worker-observations of the four weeks. */
  workers: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The value-adding share of each of the eight ISO weeks of `weeks`, oldest first (null: none observed). */
  weeks: v.array(v.nullable(v.number())),
  /** Walks made / walks expected in the four weeks (project health's compliance); null when none was expected. */
  compliance: v.nullable(v.number()),
  lastObservation: lastObservationSchema,
  /**
   * `control`: a day of the four weeks outside its control limits or in a run of eight on one
   * side (DOMAIN.md §5); `compliance`: under {@link COMPLIANCE_ALERT}; `evidentWaste`: its share
   * rose against the four weeks before, and the difference's interval excludes 0.
   */
  alerts: v.array(v.picklist(PORTFOLIO_ALERTS)),
});
export type PortfolioContract = v.InferOutput<typeof portfolioContractSchema>;

export const portfolioSchema = v.object({
  /** The four weeks every figure reads (site days), and the eight weeks' Mondays of the sparkline. */
  from: day,
  to: day,
  weeks: v.array(day),
  /** Ordered by base, work and name. */
  contracts: v.array(portfolioContractSchema),
  generatedAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type Portfolio = v.InferOutput<typeof portfolioSchema>;
