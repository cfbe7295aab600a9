import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18n, useSession } from '@canteiro/shared/core';
import type { Annotation, ClassTotals, DashboardPeriod, RoutineDashboard } from '@canteiro/shared/domain';
import { lowConfidence, shareInterval } from '@canteiro/shared/domain';
import { forgetContexts, registerKitTranslations } from '@canteiro/shared/ui';
import { serve } from '../../../shared/test/network';
import { drawnOptions } from '../../test/react-apexcharts.mock';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';

/**
 * What the dashboard screens' tests share: a fake HTTP layer (the only thing faked; the
 * screens, the header and the kit run as they are), the answers' building blocks and the
 * chart stand-in's read-back. apexcharts is replaced for every test by jest.config.mjs's
 * moduleNameMapper (remote-dash/test/react-apexcharts.mock.tsx).
 */

const PERIOD: DashboardPeriod = { first: '2026-09-01', last: '2026-11-20', from: '2026-10-26', to: '2026-11-22' };

export interface Call {
  url: URL;
  method: string;
  body: string;
}
export const harness = {
  calls: [] as Call[],
  /** Answers of `/api/dashboards/<name>` in order; the last one repeats. */
  answers: new Map<string, (() => Response)[]>(),
  location: null as ReturnType<typeof useLocation> | null,
  /** The answer of `/api/dashboards/period` (the default range). */
  period: PERIOD,
  /** The contracts the user is offered. */
  contracts: [{ id: 1, name: 'Contrato Alfa' }],
  /** The contract the server keeps for the user (`/api/dashboards/last-contract`). */
  lastContract: null as number | null,
  /** When set, `/api/dashboards/live` streams what the test pushes with `liveEvent` (else 404, as before). */
  live: null as { controller: ReadableStreamDefaultController<Uint8Array> | null } | null,
  /** The contracts the live streams were opened for. */
  liveOpened: [] as string[],
};

/** Pushes one server-sent event into the open live stream. */
export function liveEvent(event: string, data: unknown): void {
  harness.live?.controller?.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The fake API (served through MSW, shared/test/network.ts). */
export async function fakeServer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? '' : await request.text();
  harness.calls.push({ url, method: request.method, body });
  if (url.pathname === '/api/contracts/options') return json(harness.contracts);
  if (url.pathname === '/api/dashboards/last-contract') {
    if (request.method === 'PUT') harness.lastContract = (JSON.parse(body) as { contract: number }).contract;
    return json({ contract: harness.lastContract });
  }
  const options = /^\/api\/(\w+)\/options$/.exec(url.pathname);
  if (options) return json([1, 2].map((id) => ({ id, name: `${options[1]} ${id}` })));
  if (url.pathname === '/api/dashboards/period') return json(harness.period);
  if (url.pathname === '/api/dashboards/live' && harness.live) {
    const live = harness.live;
    harness.liveOpened.push(url.searchParams.get('contract') ?? '');
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        live.controller = controller;
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }
  // An annotation's writes answer as the server would: the body back (201), nothing on removal (204).
  if (url.pathname.startsWith('/api/annotations')) {
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    return json({ id: 9, ...(JSON.parse(body || '{}') as object) }, request.method === 'POST' ? 201 : 200);
  }
  const dashboard = /^\/api\/dashboards\/([\w-]+)$/.exec(url.pathname);
  const queue = dashboard ? harness.answers.get(dashboard[1]!) : undefined;
  if (queue?.length) return (queue.length > 1 ? queue.shift()! : queue[0]!)();
  return json({ code: 'not_found', message: 'no' }, 404);
}

export const dashboardCalls = (name: string) =>
  harness.calls.filter((call) => call.url.pathname === `/api/dashboards/${name}`);

function LocationProbe() {
  harness.location = useLocation();
  return null;
}

export const renderAt = (entry: string, screen: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      {screen}
      <LocationProbe />
    </MemoryRouter>,
  );

/**
 * Class totals as the server computes them (indexes = HH of the class / HH total), each share's
 * interval as DOMAIN.md §5 gives it for `registers` crews of equal size, each of one class.
 */
export const classes = (va: number, hw: number, ew: number, workers: number, registers: number): ClassTotals => {
  const total = va + hw + ew;
  const crew = registers > 0 ? workers / registers : 0;
  const interval = (hh: number) =>
    total && registers
      ? shareInterval({
          rows: registers,
          workers,
          classWorkers: (hh / total) * workers,
          squares: registers * crew * crew,
          classSquares: (hh / total) * registers * crew * crew,
        })
      : null;
  const intervals = { valueAdding: interval(va), hiddenWaste: interval(hw), evidentWaste: interval(ew) };
  return {
    hh: { valueAdding: va, hiddenWaste: hw, evidentWaste: ew, total },
    index: total
      ? { valueAdding: va / total, hiddenWaste: hw / total, evidentWaste: ew / total }
      : { valueAdding: null, hiddenWaste: null, evidentWaste: null },
    intervals,
    workers,
    registers,
    lowConfidence: lowConfidence(intervals),
  };
};

/** A rainy Tuesday and Wednesday (10–11 November 2026), written by a contract user: in the week of 9 November. */
export const RAIN: Annotation = {
  id: 6,
  contract: 1,
  from: '2026-11-10',
  to: '2026-11-11',
  label: 'Chuva forte',
  author: { id: 7, name: 'Carla', profile: 'contract' },
  createdAt: '2026-11-11T12:00:00.000Z',
  updatedAt: '2026-11-11T12:00:00.000Z',
  comparison: {
    days: 7,
    before: { from: '2026-11-03', to: '2026-11-09', share: 0.5, workers: 300 },
    after: { from: '2026-11-10', to: '2026-11-16', share: 0.45, workers: 280 },
    change: { difference: -0.05, low: -0.12, high: 0.02, real: false },
  },
};

/** A routine answer: 07:00 holds 7.5 HH value-adding of 17.2, an index of 43.6 % from 40 observations (low confidence). */
export const routine: RoutineDashboard = {
  filters: { contract: 1, range: 'week' } as RoutineDashboard['filters'],
  lastObservation: { date: '2026-03-09', time: '14:15' },
  generatedAt: '2026-11-23T12:00:00.000Z',
  previous: null,
  totals: classes(1207.5, 405, 304.7, 1600, 210),
  totalHh: 1917.2,
  hours: [
    { hour: 7, ...classes(7.5, 5, 4.7, 40, 8) },
    { hour: 8, ...classes(1200, 400, 300, 1560, 1560) },
  ],
  evolution: [
    { bucket: '2026-11-02', ...classes(7.5, 5, 4.7, 40, 8) },
    { bucket: '2026-11-09', ...classes(1200, 400, 300, 1560, 1560) },
  ],
  annotations: [RAIN],
};

/** The chart's mock reads back what it was given. */
export const chartData = (element: HTMLElement) => ({
  type: element.dataset.type,
  series: JSON.parse(element.dataset.series!) as unknown,
  categories: JSON.parse(element.dataset.categories!) as unknown,
});

/** What the chart inside `testId` was given: its type, series and options, typed as the test reads them. */
export async function drawn<Drawn extends { series: unknown; options: unknown }>(testId: string): Promise<Drawn> {
  const chart = await within(await screen.findByTestId(testId)).findByTestId('apex');
  return {
    type: chart.getAttribute('data-type') ?? '',
    series: JSON.parse(chart.getAttribute('data-series') ?? '[]') as Drawn['series'],
    options: JSON.parse(chart.getAttribute('data-options') ?? '{}') as Drawn['options'],
  } as unknown as Drawn;
}

/** A chart's options as the screen gave them, functions included (a colour or a label computed from the value). */
export async function drawnLive<Options>(testId: string): Promise<Options> {
  const chart = await within(await screen.findByTestId(testId)).findByTestId('apex');
  return drawnOptions.get(chart.getAttribute('data-chart-id') ?? '') as Options;
}

/** Call in a test file's top level: the module's words, pt-BR before each test (a view's tests). */
export function setUpTranslations(): void {
  beforeAll(() => {
    registerKitTranslations();
    i18n.addResourceBundle('pt-BR', 'dash', ptBR, true, true);
    i18n.addResourceBundle('en-US', 'dash', enUS, true, true);
  });
  beforeEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });
  jest.setTimeout(60_000);
}

/** Call in a test file's top level: translations, session, the fake API, before each test (a screen's tests). */
export function setUpDashboardTests(): void {
  setUpTranslations();
  setUpFakeServer();
}

/** A signed-in admin and the fake server, fresh before each test (in a file or a describe block). */
export function setUpFakeServer(): void {
  beforeEach(() => {
    harness.calls = [];
    harness.answers = new Map();
    serve(fakeServer);
    document.cookie = 'XSRF-TOKEN=x; path=/';
    useSession
      .getState()
      .signIn('token', { id: 1, email: 'a@b.c', username: 'a', permission_set: { value: 'admin', label: 'Admin' } });
    harness.period = PERIOD;
    harness.contracts = [{ id: 1, name: 'Contrato Alfa' }];
    harness.lastContract = null;
    harness.live = null;
    harness.liveOpened = [];
    window.sessionStorage.clear();
    forgetContexts();
  });
}
