import createClient from 'openapi-fetch';
import type { paths } from './generated/openapi.js';
import type { ClientFlow } from './flow-types.js';

/**
 * A whole flow of an integrator, through a client generated from the OpenAPI description
 * (openapi-typescript + openapi-fetch) and nothing else: no cast, no hand-written type. It
 * type-checks against contract/generated/openapi.d.ts in CI (contract.test.ts), so a change
 * of the description that breaks a client breaks the suite, and it runs against a real server.
 */

/** The XSRF cookie the server hands any first answer, for the unsafe web calls. */
function xsrfOf(response: Response): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return token;
}

export const clientFlow: ClientFlow = async (baseUrl, web, phone, contractName, report) => {
  const client = createClient<paths>({ baseUrl });

  // The back-office: sign in (XSRF double submit), then read.
  const live = await client.GET('/api/health/live');
  if (!live.data) throw new Error('not live');
  const xsrf = xsrfOf(live.response);
  const signIn = await client.POST('/api/authentication/login', {
    body: { email: web.email, password: web.password, from_web: true },
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
  });
  if (!signIn.data) throw new Error(`sign-in refused: ${signIn.error?.code}`);
  const headers = { authorization: `Token ${signIn.data.token}` };

  const contracts = await client.GET('/api/contracts', { headers, params: { query: { sort: 'name' } } });
  if (!contracts.data) throw new Error(contracts.error?.code);
  const contract = contracts.data.items.find((item) => item.name === contractName);
  if (!contract) throw new Error('no contract');
  const query = { contract: String(contract.id) };

  const period = await client.GET('/api/dashboards/period', { headers, params: { query } });
  if (!period.data) throw new Error(period.error?.code);
  const range = { ...query, from: period.data.first ?? undefined, to: period.data.last ?? undefined };

  const health = await client.GET('/api/dashboards/project-health', { headers, params: { query: range } });
  const byFunction = await client.GET('/api/dashboards/by-function', { headers, params: { query: range } });
  const routine = await client.GET('/api/dashboards/routine', { headers, params: { query: range } });
  const equipment = await client.GET('/api/dashboards/equipment', { headers, params: { query: range } });
  const performance = await client.GET('/api/dashboards/performance', { headers, params: { query: range } });
  if (!health.data || !byFunction.data || !routine.data || !equipment.data || !performance.data)
    throw new Error('a dashboard refused');
  const busiest = [...routine.data.hours].sort((a, b) => b.hh.total - a.hh.total)[0];

  // A download is text, not JSON: the description says text/csv, so the client must be told.
  const csv = await client.GET('/api/reports/activity/export', {
    headers: { ...headers, 'accept-language': 'en-US' },
    params: { query: { ...query, format: 'csv' } },
    parseAs: 'text',
  });
  if (csv.data === undefined) throw new Error('no CSV');

  // The mobile app: its own sign-in, its catalogue, a batch.
  const mobile = await client.POST('/api/mobile/login', { body: { email: phone.email, password: phone.password } });
  if (!mobile.data) throw new Error(`mobile sign-in refused: ${mobile.error?.code}`);
  const app = { authorization: `Token ${mobile.data.token}` };
  const mine = await client.GET('/api/mobile/contracts', { headers: app });
  const first = mine.data?.[0];
  if (!first) throw new Error('no contract for the phone');
  const catalogue = await client.GET('/api/mobile/catalogue', {
    headers: app,
    params: { query: { contract: String(first.id) } },
  });
  if (!catalogue.data) throw new Error(catalogue.error?.code);
  const [activity] = catalogue.data.activities;
  const [fn] = catalogue.data.functions;
  const [occurrence] = catalogue.data.occurrences;
  if (!activity || !fn || !occurrence) throw new Error('an empty catalogue');
  const batch = await client.POST('/api/mobile/reports', {
    headers: app,
    body: {
      reports: [
        {
          kind: 'activity',
          id: report.id,
          contract: first.id,
          reportTime: report.reportTime,
          package: activity.package,
          local: activity.local,
          activity: activity.id,
          function: fn.id,
          occurrence: occurrence.id,
          quantity: 2,
          isScheduled: true,
          notes: null,
        },
      ],
    },
  });
  if (!batch.data) throw new Error(batch.error?.code);

  return {
    contracts: contracts.data.items.map((item) => item.name),
    period: { from: period.data.from, to: period.data.to },
    valueAddingIndex: health.data.totals.index.valueAdding,
    totalHh: byFunction.data.totalHh,
    topOccurrence: byFunction.data.topOccurrences[0]?.name ?? null,
    busiestHour: busiest?.hour ?? null,
    equipmentObservations: equipment.data.observations,
    activityStatus: performance.data.activityStatus,
    csv: csv.data,
    mobile: {
      catalogueActivities: catalogue.data.activities.length,
      accepted: batch.data.accepted,
      rejected: batch.data.rejected.map((row) => row.code),
    },
  };
};
