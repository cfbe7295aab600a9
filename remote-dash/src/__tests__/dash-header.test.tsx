import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18n, useSession } from '@canteiro/shared/core';
import { forgetContexts, registerKitTranslations } from '@canteiro/shared/ui';
import { serve } from '../../../shared/test/network';
import { choose } from '../../../shared/test/choose-option';
import { checkFilters, weekLabel, weekdayEnds, weekdaysParam } from '../kit/header/header-state';
import type { HeaderValues } from '../kit/header/header-state';
import { ReportScreen } from '../features/reports/report-screen';
import { activityReport } from '../features/reports/reports';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';

/** The Dashboards header keeps its filters in the URL and names a refused one beside it. */
let location: ReturnType<typeof useLocation>;
function LocationProbe() {
  location = useLocation();
  return null;
}

interface Call {
  url: URL;
}
let calls: Call[] = [];
let contracts = [
  { id: 1, name: 'Contrato Alfa' },
  { id: 2, name: 'Contrato Beta' },
];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const row = {
  id: '0b6c1f8e-1111-4aaa-8bbb-000000000001',
  contract: 1,
  reportTime: '2026-11-10T12:30:00.000Z',
  localDate: '2026-11-10',
  localTime: '09:30',
  user: 3,
  userName: 'Ana Apontadora',
  packageName: 'Pacote 1',
  localName: 'Pavimento 1',
  activityName: 'Forma de pilares',
  functionName: 'Carpinteiro',
  occurrenceName: 'Produzindo',
  classification: 'value_adding',
  quantity: 4,
  isScheduled: true,
};

async function fakeServer(request: Request) {
  const url = new URL(request.url);
  calls.push({ url });
  if (url.pathname === '/api/contracts/options') return json(contracts);
  const options = /^\/api\/(\w+)\/options$/.exec(url.pathname);
  if (options) return json([1, 2].map((id) => ({ id, name: `${options[1]} ${id}` })));
  if (url.pathname === '/api/reports/activity') return json({ items: [row], total: 1, page: 1, pageSize: 20 });
  return json({ code: 'not_found', message: 'no' }, 404);
}

const reportCalls = () => calls.filter((call) => call.url.pathname === '/api/reports/activity');
const params = (call: Call) => Object.fromEntries(call.url.searchParams);
const renderScreen = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ReportScreen report={activityReport} />
      <LocationProbe />
    </MemoryRouter>,
  );
const searchOf = () => Object.fromEntries(new URLSearchParams(location.search));

beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'dash', ptBR, true, true);
  i18n.addResourceBundle('en-US', 'dash', enUS, true, true);
});
beforeEach(() => {
  calls = [];
  contracts = [
    { id: 1, name: 'Contrato Alfa' },
    { id: 2, name: 'Contrato Beta' },
  ];
  serve(fakeServer);
  document.cookie = 'XSRF-TOKEN=x; path=/';
  useSession
    .getState()
    .signIn('token', { id: 1, email: 'a@b.c', username: 'a', permission_set: { value: 'admin', label: 'Admin' } });
  forgetContexts();
});
jest.setTimeout(60_000);

describe('the header state', () => {
  const values = (change: Partial<HeaderValues>): HeaderValues => ({
    contract: 1,
    from: '',
    to: '',
    fromTime: '',
    toTime: '',
    weekdays: '',
    package: null,
    local: null,
    area: null,
    block: null,
    activity: null,
    function: null,
    occurrence: null,
    equipment: null,
    classification: '',
    week: '',
    range: '',
    period: '',
    ...change,
  });

  it('reads the URL through the shared schema: the API query, or a field code on the start field', () => {
    expect(checkFilters(values({ from: '2026-11-01', to: '2026-11-07', weekdays: '1-5', function: 3 }))).toEqual({
      query: { contract: '1', from: '2026-11-01', to: '2026-11-07', weekdays: '1-5', function: '3' },
      errors: {},
    });
    expect(checkFilters(values({ from: '2026-11-08', to: '2026-11-07' }))).toEqual({
      query: null,
      errors: { from: 'from_after_to' },
    });
    expect(checkFilters(values({ fromTime: '18:00', toTime: '07:00' }))).toEqual({
      query: null,
      errors: { fromTime: 'from_time_after_to_time' },
    });
    expect(checkFilters(values({ week: '2026-W60', fromTime: '7h' })).errors).toEqual({
      fromTime: 'invalid_value',
      week: 'invalid_value',
    });
    // No contract yet: nothing to send, nothing to blame.
    expect(checkFilters(values({ contract: null, from: '2026-11-08', to: '2026-11-07' }))).toEqual({
      query: null,
      errors: {},
    });
  });

  it('writes a weekday range as the schema reads it: a-b, one day alone, one end to the week’s edge', () => {
    expect(weekdaysParam(2, 5)).toBe('2-5');
    expect(weekdaysParam(3, 3)).toBe('3');
    expect(weekdaysParam(6, null)).toBe('6-7');
    expect(weekdaysParam(null, 2)).toBe('1-2');
    expect(weekdaysParam(null, null)).toBe('');
    expect(weekdayEnds('4')).toEqual({ first: 4, last: 4 });
    expect(weekdayEnds('2-6')).toEqual({ first: 2, last: 6 });
    expect(weekdayEnds('8')).toEqual({ first: null, last: null });
  });
});

describe('the header on a report screen', () => {
  it('sends the URL’s filters under the API’s names and shows the rows', async () => {
    renderScreen('/dash/activity-report?contract=1&from=2026-11-01&to=2026-11-30&weekdays=1-5&function=2&page=2');
    expect(await screen.findByText('Forma de pilares')).toBeInTheDocument();
    expect(params(reportCalls().at(-1)!)).toEqual({
      contract: '1',
      from: '2026-11-01',
      to: '2026-11-30',
      weekdays: '1-5',
      function: '2',
      page: '2',
      pageSize: '20',
    });
    // Options of the dimensions come from the chosen contract's catalogue: at once for a
    // dimension the URL names (its name), on opening for the others.
    await waitFor(() =>
      expect(params(calls.find((call) => call.url.pathname === '/api/functions/options')!)).toEqual({ contract: '1' }),
    );
    expect(calls.some((call) => call.url.pathname === '/api/packages/options')).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Pacote' }));
    await waitFor(() =>
      expect(params(calls.find((call) => call.url.pathname === '/api/packages/options')!)).toEqual({ contract: '1' }),
    );
    expect(screen.getByText('Agrega valor')).toBeInTheDocument();
    expect(screen.getByLabelText('Do dia da semana')).toBeInTheDocument();
    // A list has no time axis: no range type to choose.
    expect(screen.queryByLabelText('Agrupar por')).not.toBeInTheDocument();
  });

  it('keeps a filter change in the URL and starts again at page 1', async () => {
    renderScreen('/dash/activity-report?contract=1&weekdays=1-5&page=3');
    await screen.findByText('Forma de pilares');
    await choose('Até o dia da semana', 'Quarta');
    await waitFor(() => expect(searchOf()).toEqual({ contract: '1', weekdays: '1-3' }));
    await waitFor(() => expect(params(reportCalls().at(-1)!)).toMatchObject({ weekdays: '1-3', page: '1' }));
    await choose('Função', 'functions 2');
    await waitFor(() => expect(searchOf()).toEqual({ contract: '1', weekdays: '1-3', function: '2' }));
  });

  it('names a chosen filter in its chip from the options its select loaded, not asking for them again', async () => {
    renderScreen('/dash/activity-report?contract=1');
    await screen.findByText('Forma de pilares');
    await choose('Função', 'functions 2');
    expect(await screen.findByTestId('filter-chip-function')).toHaveTextContent('functions 2');
    await waitFor(() => expect(params(reportCalls().at(-1)!)).toMatchObject({ function: '2' }));
    await screen.findByText('Forma de pilares');
    // The options are fresh: the chip's reading of them mounting is no reason to fetch them again.
    expect(calls.filter((call) => call.url.pathname === '/api/functions/options')).toHaveLength(1);
  });

  it('a week picked sets the dates to its Monday–Sunday and reads with them; a date picked later clears it', async () => {
    renderScreen('/dash/activity-report?contract=1&from=2026-10-01&to=2026-11-30');
    await screen.findByText('Forma de pilares');
    // Open the week picker at the dates' month and pick a day of week 44 (26/10–01/11).
    fireEvent.mouseDown(screen.getByLabelText('Semana'));
    fireEvent.click(screen.getByLabelText('Semana'));
    const day = await waitFor(() => {
      const cell = document.querySelector('.ant-picker-dropdown td[title="2026-10-28"]');
      if (!cell) throw new Error('no 2026-10-28 in the picker');
      return cell as HTMLElement;
    });
    fireEvent.click(day);
    await waitFor(() =>
      expect(searchOf()).toEqual({ contract: '1', week: '2026-W44', from: '2026-10-26', to: '2026-11-01' }),
    );
    await waitFor(() =>
      expect(params(reportCalls().at(-1)!)).toMatchObject({ week: '2026-W44', from: '2026-10-26', to: '2026-11-01' }),
    );
    expect(screen.getByLabelText('Semana')).toHaveValue('Semana 44 (26/10–01/11)');
    // A date picked afterwards: the week goes, the dates hold.
    fireEvent.mouseDown(screen.getByLabelText('Data inicial'));
    fireEvent.click(screen.getByLabelText('Data inicial'));
    const from = await waitFor(() => {
      const cell = Array.from(document.querySelectorAll('.ant-picker-dropdown td[title="2026-10-20"]')).find(
        (candidate) => !candidate.closest('.ant-picker-week-panel'),
      );
      if (!cell) throw new Error('no 2026-10-20 in the date picker');
      return cell as HTMLElement;
    });
    fireEvent.click(from);
    await waitFor(() => expect(searchOf()).toEqual({ contract: '1', from: '2026-10-20', to: '2026-11-01' }));
  });

  it('writes a week with its dates in the language’s order', () => {
    const t = i18n.getFixedT('en-US');
    expect(weekLabel('2026-W44', t, 'en-US')).toBe('Week 44 (10/26–11/01)');
    expect(weekLabel('2026-W01', i18n.getFixedT('pt-BR'), 'pt-BR')).toBe('Semana 1 (29/12–04/01)');
  });

  it('names a from date after the to date beside the field and sends nothing', async () => {
    renderScreen('/dash/activity-report?contract=1&from=2026-11-10&to=2026-11-01');
    const message = await screen.findByTestId('dash-filter-from-error');
    expect(message).toHaveTextContent('A data inicial não pode ser posterior à data final.');
    expect(screen.getByLabelText('Data inicial')).toHaveAttribute('aria-describedby', 'dash-filter-from-error');
    expect(screen.getByTestId('filters-refused')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/contracts/options')).toBe(true));
    expect(reportCalls()).toHaveLength(0);
  });

  it('names a from time after the to time, in the chosen language', async () => {
    await i18n.changeLanguage('en-US');
    try {
      renderScreen('/dash/activity-report?contract=1&fromTime=18:00&toTime=07:00');
      expect(await screen.findByTestId('dash-filter-fromTime-error')).toHaveTextContent(
        i18n.t('common:validation.from_time_after_to_time'),
      );
      expect(screen.getByLabelText('From time')).toBeInTheDocument();
      expect(reportCalls()).toHaveLength(0);
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });

  it('asks for a contract first, and a one-contract user has it chosen', async () => {
    renderScreen('/dash/activity-report');
    expect(await screen.findByTestId('context-hint')).toHaveTextContent('Escolha uma contratada para ver os dados.');
    expect(reportCalls()).toHaveLength(0);
    contracts = [{ id: 7, name: 'Contrato Único' }];
    forgetContexts();
    renderScreen('/dash/equipment-report');
    await waitFor(() => expect(searchOf()).toEqual({ contract: '7' }));
  });

  it("names its active filters as chips without asking for the contract's record", async () => {
    renderScreen('/dash/activity-report?contract=1&function=2&from=2026-11-01');
    await screen.findByTestId('filter-chip-function');
    expect(calls.some((call) => call.url.pathname === '/api/contracts/1')).toBe(false);
  });

  it('clears the dimensions when another contract is chosen', async () => {
    renderScreen('/dash/activity-report?contract=1&function=2&from=2026-11-01');
    await screen.findByText('Forma de pilares');
    await choose('Contratada', 'Contrato Beta');
    await waitFor(() => expect(searchOf()).toEqual({ contract: '2', from: '2026-11-01' }));
    await waitFor(() => expect(params(reportCalls().at(-1)!)).toMatchObject({ contract: '2' }));
    expect(screen.getByTestId('context-picker').querySelector('.ant-select-content')).toHaveTextContent(
      'Contrato Beta',
    );
  });
});
