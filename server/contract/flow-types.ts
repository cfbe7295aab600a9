/**
 * What the suite gives and takes from the generated client's flow (client-flow.ts). The flow
 * is type-checked on its own with the generated types (contract/tsconfig.json), and
 * `clientFlow` is declared as a `ClientFlow`, so it cannot drift from these; the suite
 * (contract.test.ts, checked with the server by `pnpm typecheck`) sees only them, not the
 * generated file that exists only once the test has written it.
 */

export interface FlowResult {
  contracts: string[];
  period: { from: string | null; to: string | null };
  valueAddingIndex: number | null;
  totalHh: number;
  topOccurrence: string | null;
  busiestHour: number | null;
  equipmentObservations: number;
  activityStatus: { finished: number; late: number; inTerm: number };
  csv: string;
  mobile: { catalogueActivities: number; accepted: string[]; rejected: string[] };
}

export interface Account {
  email: string;
  password: string;
}

export type ClientFlow = (
  baseUrl: string,
  web: Account,
  phone: Account,
  contractName: string,
  report: { id: string; reportTime: string },
) => Promise<FlowResult>;
