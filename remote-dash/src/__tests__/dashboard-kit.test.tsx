import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import type { NavigateFunction } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { i18n } from '@canteiro/shared/core';
import { dashboardTable, formatFigure } from '@canteiro/shared/domain';
import type { FigureTable, RoutineDashboard } from '@canteiro/shared/domain';
import {
  CLASS_COLUMNS,
  Chart,
  DashboardScreen,
  FigureCard,
  CLASS_LABEL_COLOURS,
  FigureTableView,
  shareTooltip,
  stackedLabels,
  stackedTooltip,
  dashboardKey,
  labelWidth,
  prefetchDashboard,
  queryKey,
  tableCategories,
  tableSeries,
  useDashboard,
} from '../kit/dashboards';
import { serve } from '../../../shared/test/network';
import { queryClient } from '@canteiro/shared/core/query';
import { choose } from '../../../shared/test/choose-option';
import { draws } from '../../test/react-apexcharts.mock';
import { SHOWS_HH } from '../kit/dashboards/hh-note';
import { RoutineScreen } from '../features/routine/routine-screen';
import {
  dashboardCalls,
  drawnLive,
  fakeServer,
  harness,
  json,
  renderAt,
  routine,
  setUpDashboardTests,
} from './dashboard-kit.harness';

/**
 * The dashboards' kit. apexcharts draws nothing under jsdom: the chart is replaced
 * by an element carrying the series and categories it was given, so a test can check that the
 * chart plots exactly the numbers of the table under it. Only the HTTP layer is faked.
 */

const searchOf = () => Object.fromEntries(new URLSearchParams(harness.location!.search));

/** A screen as the pages write them: a card with a chart of a table's columns and that table. */
function HoursCard({ answer }: { answer: RoutineDashboard }) {
  const { t } = useTranslation();
  const table = dashboardTable('routine', answer, 'hours');
  return (
    <FigureCard table={table} showTable="open">
      <Chart
        type="bar"
        label="HH hora a hora"
        testId="chart-hours"
        series={tableSeries(table, CLASS_COLUMNS.hh, t as TFunction)}
        options={{ xaxis: { categories: tableCategories(table, 'hour', 'pt-BR') } }}
      />
    </FigureCard>
  );
}

const renderScreen = (entry: string, isEmpty = (answer: RoutineDashboard) => answer.hours.length === 0) =>
  renderAt(
    entry,
    <DashboardScreen name="routine" titleKey="dash:routes.routine.title" isEmpty={isEmpty}>
      {(answer) => <HoursCard answer={answer} />}
    </DashboardScreen>,
  );

setUpDashboardTests();
// Each test's answers of /api/dashboards/routine in order, the last repeated: by default the one above.
beforeEach(() => harness.answers.set('routine', [() => json(routine)]));

describe('DashboardScreen', () => {
  it('shows the loading state, then the answer of the header’s query', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve(async (request) => {
      if (new URL(request.url).pathname === '/api/dashboards/routine') await gate;
      return fakeServer(request);
    });
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20&function=3');
    // Named and announced: a status (a plain div may not carry aria-label, axe's aria-prohibited-attr).
    expect(await screen.findByRole('status', { name: 'Carregando os dados…' })).toHaveAttribute(
      'data-testid',
      'dashboard-loading',
    );
    release();
    expect(await screen.findByTestId('dashboard-routine')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-loading')).not.toBeInTheDocument();
    expect(Object.fromEntries(dashboardCalls('routine')[0]!.url.searchParams)).toEqual({
      contract: '1',
      from: '2026-11-01',
      to: '2026-11-20',
      function: '3',
    });
    // The dates were chosen: no default range asked for.
    expect(harness.calls.some((call) => call.url.pathname === '/api/dashboards/period')).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Rotina' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'HH hora a hora' })).toBeInTheDocument();
  });

  it('explains HH once on a dashboard in HH, in each language (never on equipment, which counts machines)', async () => {
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20');
    await screen.findByTestId('dashboard-routine');
    expect(screen.getAllByTestId('hh-note')).toHaveLength(1);
    expect(screen.getByTestId('hh-note')).toHaveTextContent(
      'HH = homem-hora: uma pessoa trabalhando durante uma hora.',
    );
    await act(() => i18n.changeLanguage('en-US'));
    expect(screen.getByTestId('hh-note')).toHaveTextContent('HH = man-hours: one person working for one hour.');
    expect(screen.getByTestId('hh-note').querySelector('abbr')).toHaveAttribute('title', 'man-hours');
    expect(SHOWS_HH).toMatchObject({ equipment: false, routine: true, performance: true });
  });

  it('writes the contract’s default range into the URL before asking for the dashboard', async () => {
    renderScreen('/?contract=1');
    await screen.findByTestId('dashboard-routine');
    expect(searchOf()).toEqual({ contract: '1', from: '2026-10-26', to: '2026-11-22' });
    const asked = harness.calls.find((call) => call.url.pathname === '/api/dashboards/period');
    expect(asked?.url.searchParams.get('contract')).toBe('1');
    // One request, with the range: never one for the whole history first.
    expect(dashboardCalls('routine').map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { contract: '1', from: '2026-10-26', to: '2026-11-22' },
    ]);
  });

  it('asks without dates when the contract has no data yet', async () => {
    harness.period = { first: null, last: null, from: null, to: null };
    renderScreen('/?contract=1');
    await screen.findByTestId('dashboard-routine');
    expect(searchOf()).toEqual({ contract: '1' });
    expect(Object.fromEntries(dashboardCalls('routine')[0]!.url.searchParams)).toEqual({ contract: '1' });
  });

  it('says "Erro ao buscar os dados" when the call fails, and the retry asks again', async () => {
    harness.answers.set('routine', [() => json({ code: 'server_error', message: 'x' }, 500), () => json(routine)]);
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20');
    const alert = await screen.findByTestId('fetch-error');
    expect(alert).toHaveTextContent('Erro ao buscar os dados');
    expect(screen.queryByTestId('dashboard-routine')).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByTestId('dashboard-routine')).toBeInTheDocument();
    expect(screen.queryByTestId('fetch-error')).not.toBeInTheDocument();
    expect(dashboardCalls('routine')).toHaveLength(2);
  });

  it('shows "no data" when the answer has nothing to draw', async () => {
    harness.answers.set('routine', [() => json({ ...routine, hours: [] })]);
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20');
    expect(await screen.findByTestId('no-data')).toHaveTextContent('Nenhum dado para estes filtros.');
    expect(screen.queryByTestId('dashboard-routine')).not.toBeInTheDocument();
  });

  it('draws the figures again for a new answer only, not while a changed filter waits for it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    serve(async (request) => {
      if (new URL(request.url).pathname === '/api/dashboards/routine' && ++asked === 2) await gate;
      return fakeServer(request);
    });
    const drawn = jest.fn((answer: RoutineDashboard) => <HoursCard answer={answer} />);
    let navigate: NavigateFunction = () => undefined;
    function Steer() {
      navigate = useNavigate();
      return null;
    }
    renderAt(
      '/?contract=1&from=2026-11-01&to=2026-11-20',
      <>
        <DashboardScreen name="routine" titleKey="dash:routes.routine.title" isEmpty={() => false}>
          {drawn}
        </DashboardScreen>
        <Steer />
      </>,
    );
    await screen.findByTestId('dashboard-routine');
    const before = drawn.mock.calls.length;
    act(() => void navigate('/?contract=1&from=2026-11-01&to=2026-11-20&function=3'));
    // The new filters' answer is asked for (and held back by the gate)…
    await waitFor(() => expect(asked).toBe(2));
    // …while the previous figures stay on screen as they were: not drawn again for the same answer.
    expect(screen.getByTestId('dashboard-routine')).toBeInTheDocument();
    expect(drawn).toHaveBeenCalledTimes(before);
    release();
    await waitFor(() => expect(drawn.mock.calls.length).toBeGreaterThan(before));
  });

  it('asks for a changed filter’s answer at the change, before the screen draws it, and once', async () => {
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20');
    await screen.findByTestId('dashboard-routine');
    const before = dashboardCalls('routine').length;
    const prefetch = jest.spyOn(queryClient, 'prefetchQuery');
    try {
      await choose('Até o dia da semana', 'Quarta');
      await waitFor(() => expect(searchOf()).toMatchObject({ weekdays: '1-3' }));
      // Asked for in the change's own handler, with the query the screen then reads: the same key.
      const asked = prefetch.mock.calls.map(([options]) => options.queryKey);
      expect(asked).toEqual([['dashboards', 'routine', 'contract=1&from=2026-11-01&to=2026-11-20&weekdays=1-3']]);
      await screen.findByTestId('dashboard-routine');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      const calls = dashboardCalls('routine').slice(before);
      expect(calls.map((call) => call.url.searchParams.get('weekdays'))).toEqual(['1-3']);
    } finally {
      prefetch.mockRestore();
    }
  });

  it('takes a change’s answer that came in before the screen’s query moved to it, without asking again', async () => {
    // The router draws a change as a transition; the answer asked for at the change is often in
    // first. The screen's query then comes to an answer already there.
    const query = { contract: '1', from: '2026-11-01', to: '2026-11-20', function: '3' };
    const before = dashboardCalls('routine').length;
    prefetchDashboard('routine', query);
    await waitFor(() =>
      expect(queryClient.getQueryState(dashboardKey('routine', queryKey(query)))?.status).toBe('success'),
    );
    function Reader() {
      const { answer } = useDashboard('routine', query);
      return answer ? <p data-testid="read">{answer.hours.length}</p> : null;
    }
    render(<Reader />);
    expect(await screen.findByTestId('read')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(dashboardCalls('routine').slice(before)).toHaveLength(1);
  });

  it('says which days the contract has data for, and "Limpar filtros" puts its default range back', async () => {
    harness.answers.set('routine', [() => json({ ...routine, hours: [] })]);
    renderScreen('/?contract=1&week=2027-W02&from=2027-01-04&to=2027-01-10&function=3&fromTime=07:00');
    expect(await screen.findByTestId('data-span')).toHaveTextContent(
      `A contratada tem apontamentos de ${formatFigure(harness.period.first, 'date', 'pt-BR')} a ${formatFigure(harness.period.last, 'date', 'pt-BR')}.`,
    );
    fireEvent.click(within(screen.getByTestId('no-data')).getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(searchOf()).toEqual({ contract: '1', from: '2026-10-26', to: '2026-11-22' }));
  });

  it('asks for a contract first and sends nothing for a refused filter', async () => {
    const { unmount } = renderScreen('/');
    expect(await screen.findByTestId('dashboard-routine')).toBeInTheDocument(); // the one contract is chosen
    // Asked for once its default range is in, never before it (a contract's first look waits for it).
    expect(dashboardCalls('routine').map((call) => call.url.searchParams.get('from'))).toEqual(['2026-10-26']);
    unmount();
    harness.calls = [];
    renderScreen('/?contract=1&from=2026-11-20&to=2026-11-01');
    expect(await screen.findByTestId('filters-refused')).toBeInTheDocument();
    expect(dashboardCalls('routine')).toHaveLength(0);
  });

  it('offers the export of its tables with the same filters', async () => {
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20');
    await screen.findByTestId('dashboard-routine');
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
  });
});

describe('the chart and its table', () => {
  it('plots the table’s numbers: chart and table agree', async () => {
    renderScreen('/?contract=1&from=2026-11-01&to=2026-11-20');
    const chart = await screen.findByTestId('apex');
    const table = dashboardTable('routine', routine, 'hours');
    const series = JSON.parse(chart.dataset.series!) as { name: string; data: number[] }[];
    expect(series).toEqual([
      { name: 'HH agrega valor', data: [7.5, 1200] },
      { name: 'HH perda oculta', data: [5, 400] },
      { name: 'HH perda evidente', data: [4.7, 300] },
    ]);
    expect(series[0]!.data).toEqual(table.rows.map((row) => row.vaHh));
    expect(JSON.parse(chart.dataset.categories!)).toEqual(['07:00', '08:00']);
    expect(screen.getByTestId('chart-hours')).toHaveAttribute('role', 'img');
    expect(screen.getByTestId('chart-hours')).toHaveAttribute('aria-label', 'HH hora a hora');
    // The same figures, written, in the card's table.
    const shown = within(screen.getByTestId('table-hours'));
    expect(shown.getByText('7,5')).toBeInTheDocument();
    expect(shown.getByText('1.200,0')).toBeInTheDocument();
  });

  it('tableSeries leaves a missing value a gap, not a zero', () => {
    const table: FigureTable = {
      key: 'evolution',
      columns: [
        { key: 'bucket', format: 'date' },
        { key: 'vaIndex', format: 'index' },
      ],
      rows: [
        { bucket: '2026-11-02', vaIndex: 0.5 },
        { bucket: '2026-11-09', vaIndex: null },
      ],
    };
    const t = ((key: string) => key) as unknown as TFunction;
    expect(tableSeries(table, ['vaIndex'], t)).toEqual([{ name: 'figures:columns.vaIndex', data: [0.5, null] }]);
    expect(tableCategories(table, 'bucket', 'pt-BR')).toEqual(['02/11/2026', '09/11/2026']);
    expect(tableCategories(table, 'bucket', 'en-US')).toEqual(['11/02/2026', '11/09/2026']);
  });
});

describe('FigureTableView', () => {
  const table = dashboardTable('routine', routine, 'hours');

  it('writes figures in pt-BR and marks a low-confidence row', () => {
    render(<FigureTableView table={table} />);
    const view = within(screen.getByTestId('table-hours'));
    expect(view.getByRole('columnheader', { name: 'HH agrega valor' })).toBeInTheDocument();
    expect(view.getByText('7,5')).toBeInTheDocument();
    expect(view.getByText('43,6%')).toBeInTheDocument();
    // 40 observations: marked; 1 560: not.
    expect(view.getAllByTestId('low-confidence')).toHaveLength(1);
    expect(view.getByTestId('low-confidence')).toHaveTextContent('Sim');
    expect(screen.getByText(/intervalo de 95 % mais largo que ±5 pontos/)).toBeInTheDocument();
    // Numbers right-aligned.
    expect(view.getByText('7,5').closest('td')).toHaveClass('ant-table-cell');
    expect(view.getByText('7,5').closest('td')?.style.fontVariantNumeric).toBe('tabular-nums');
  });

  it('writes figures in en-US', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    render(<FigureTableView table={table} />);
    const view = within(screen.getByTestId('table-hours'));
    expect(view.getByRole('columnheader', { name: 'Value-adding HH' })).toBeInTheDocument();
    expect(view.getByText('7.5')).toBeInTheDocument();
    expect(view.getByText('43.6%')).toBeInTheDocument();
    expect(view.getByText('1,200.0')).toBeInTheDocument();
  });

  it('pages only a table longer than its page size', () => {
    const long: FigureTable = {
      key: 'packages',
      columns: [{ key: 'name', format: 'text' }],
      rows: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `Pacote ${index + 1}` })),
    };
    const { unmount } = render(<FigureTableView table={long} />);
    expect(screen.getByText('Pacote 10')).toBeInTheDocument();
    expect(screen.queryByText('Pacote 11')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
    unmount();
    render(<FigureTableView table={long} pageSize={20} />);
    expect(screen.getByText('Pacote 12')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('FigureCard', () => {
  it('hides its table behind a keyboard-usable toggle by default', async () => {
    const table = dashboardTable('routine', routine, 'hours');
    render(
      <FigureCard table={table}>
        <p>chart</p>
      </FigureCard>,
    );
    const toggle = screen.getByRole('button', { name: /Ver valores/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('table-hours')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('table-hours')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Ocultar valores/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('card-hours')).toBeInTheDocument();
  });
});

describe('stackedTooltip', () => {
  it('titles the stack with its total and writes each class with its share of it', () => {
    const tooltip = stackedTooltip(['Segunda', 'Terça'], 'pt-BR', 'total');
    const w = { config: { series: [{ data: [7.5, 1] }, { data: [5, 1] }, { data: [4.7, 2] }] } };
    expect(tooltip.x.formatter(0, { dataPointIndex: 0, w })).toBe('Segunda · total 17,2 HH');
    expect(tooltip.y.formatter(7.5, { seriesIndex: 0, dataPointIndex: 0, w })).toBe('7,5 HH · 43,6%');
    expect(tooltip.y.formatter(2, { seriesIndex: 2, dataPointIndex: 1, w })).toBe('2,0 HH · 50,0%');
  });
});

describe('shareTooltip', () => {
  it("writes each class's share of an hour with its 95 % interval, and marks an unsure one", () => {
    const t = i18n.getFixedT('pt-BR') as TFunction;
    const tooltip = shareTooltip(routine.hours, 'pt-BR', t);
    const [first] = routine.hours;
    const { valueAdding, evidentWaste } = first!.intervals;
    const percent = (value: number) => formatFigure(value, 'index', 'pt-BR');
    expect(tooltip.y.formatter(first!.index.valueAdding!, { seriesIndex: 0, dataPointIndex: 0 })).toBe(
      `${percent(first!.index.valueAdding!)} (IC 95 %: ${percent(valueAdding!.low)} a ${percent(valueAdding!.high)})` +
        (valueAdding!.lowConfidence ? ' · Baixa confiança' : ''),
    );
    expect(tooltip.y.formatter(0.2, { seriesIndex: 2, dataPointIndex: 0 })).toContain(
      `IC 95 %: ${percent(evidentWaste!.low)} a ${percent(evidentWaste!.high)}`,
    );
  });
});

describe('a chart redraws for new figures only', () => {
  const bars = (data: number[]) => [{ name: 'HH', data }];
  // Options made anew on every render, as a screen makes them: equal data, new functions.
  const options = () => ({
    xaxis: { categories: ['seg', 'ter'] },
    tooltip: { y: { formatter: (v: number) => `${v} HH` } },
  });
  const chart = (data: number[]) => <Chart type="bar" label="HH" series={bars(data)} options={options()} />;

  it('is not drawn again for equal options made anew (a filter change before its answer)', async () => {
    const { rerender } = render(chart([1, 2]));
    await screen.findByTestId('apex');
    const drawn = draws.count;
    rerender(chart([1, 2]));
    rerender(chart([1, 2]));
    expect(draws.count).toBe(drawn);
    // New figures: drawn, with the options (and functions) that came with them.
    rerender(chart([1, 3]));
    expect(draws.count).toBe(drawn + 1);
    expect(JSON.parse(screen.getByTestId('apex').dataset.series ?? '')).toEqual(bars([1, 3]));
  });

  it('draws its figures at once, a donut included, even for a person who never asked for less motion', async () => {
    // A filter change used to morph every chart for 250 ms after drawing it, and the donut
    // (made anew for new figures) grew from nothing each time.
    for (const type of ['bar', 'donut'] as const) {
      const { unmount } = render(<Chart type={type} label="HH" testId={`chart-${type}`} series={[1, 2]} />);
      const { chart } = await drawnLive<{ chart: { animations: { enabled: boolean } } }>(`chart-${type}`);
      expect(chart.animations.enabled).toBe(false);
      unmount();
    }
  });

  it('is drawn again in a new language, with options of that language', async () => {
    const { rerender } = render(chart([1, 2]));
    await screen.findByTestId('apex');
    const drawn = draws.count;
    await act(() => i18n.changeLanguage('en-US'));
    rerender(chart([1, 2]));
    expect(draws.count).toBeGreaterThan(drawn);
    await act(() => i18n.changeLanguage('pt-BR'));
  });
});

describe('direct labels', () => {
  it('labels each stacked segment with its value, none under 8 % of its stack', () => {
    const labels = stackedLabels('pt-BR');
    // Monday: 7,5 + 5 + 0,5 = 13 HH (the 0,5 is 3,8 %); Tuesday: 1 + 1 + 2.
    const w = { config: { series: [{ data: [7.5, 1] }, { data: [5, 1] }, { data: [0.5, 2] }] } };
    expect([0, 1, 2].map((seriesIndex) => labels.formatter(null, { seriesIndex, dataPointIndex: 0, w }))).toEqual([
      '7,5',
      '5,0',
      '',
    ]);
    // A 100 % stack passes a percentage: the label is still the segment's own value.
    expect(stackedLabels('en-US', 'integer').formatter(50, { seriesIndex: 2, dataPointIndex: 1, w })).toBe('2');
    expect(labels.style.colors).toEqual(CLASS_LABEL_COLOURS);
  });

  it('labels no column segment lower than 14 px as drawn (its number would run over the next)', () => {
    const labels = stackedLabels('pt-BR');
    // Saturday beside fuller days: 31 + 15,5 + 15 HH on an axis to 300 HH, 190 px high.
    const series = [{ data: [128, 31] }, { data: [90, 15.5] }, { data: [78.5, 15] }];
    const drawn = { config: { series }, globals: { gridHeight: 190, minY: 0, maxY: 300 } };
    const saturday = [0, 1, 2].map((seriesIndex) =>
      labels.formatter(null, { seriesIndex, dataPointIndex: 1, w: drawn }),
    );
    // 31 HH is 19,6 px: labelled; 15,5 HH is 9,8 px and 15 HH 9,5 px: not, though each is a quarter of its stack.
    expect(saturday).toEqual(['31,0', '', '']);
    expect(labels.formatter(null, { seriesIndex: 1, dataPointIndex: 0, w: drawn })).toBe('90,0');
    // A 100 % stack: the segment's share of its column.
    const shares = {
      config: { series, chart: { stackType: '100%' } },
      globals: { gridHeight: 40, minY: 0, maxY: 100 },
    };
    expect(labels.formatter(null, { seriesIndex: 0, dataPointIndex: 1, w: shares })).toBe('31,0');
    expect(labels.formatter(null, { seriesIndex: 1, dataPointIndex: 1, w: shares })).toBe('');
    // A bar lying down has its width for a label: only the share rule holds there.
    const lying = { config: { series, plotOptions: { bar: { horizontal: true } } }, globals: drawn.globals };
    expect(labels.formatter(null, { seriesIndex: 1, dataPointIndex: 1, w: lying })).toBe('15,5');
  });

  it('labels no column narrower than its label as drawn (a narrow window)', () => {
    const labels = stackedLabels('pt-BR');
    const series = [{ data: [451.5] }, { data: [307] }, { data: [160.5] }];
    const at = (barWidth: number, seriesIndex = 0) =>
      labels.formatter(null, { seriesIndex, dataPointIndex: 0, w: { config: { series }, globals: { barWidth } } });
    // "451,5" is ~30 px at 11 px: written on a 40 px column, not on a 30 px one.
    expect(labelWidth('451,5')).toBeCloseTo(29.7, 1);
    expect(at(40)).toBe('451,5');
    expect(at(30)).toBe('');
    // A bar lying down is as long as its value: the width of its band does not bound it.
    const lying = { config: { series, plotOptions: { bar: { horizontal: true } } }, globals: { barWidth: 12 } };
    expect(labels.formatter(null, { seriesIndex: 0, dataPointIndex: 0, w: lying })).toBe('451,5');
  });

  it('labels a slice with its share, none on a slice under 8 %', async () => {
    render(<Chart type="donut" label="Classes" testId="chart-donut" series={[90, 6, 4]} />);
    const options = await drawnLive<{ dataLabels: { formatter: (percent: number) => string } }>('chart-donut');
    expect([90, 6, 4].map((percent) => options.dataLabels.formatter(percent))).toEqual(['90,0%', '', '']);
  });

  it('labels the stacked charts of the screens: routine’s hours and periods', async () => {
    renderAt('/?contract=1&from=2026-11-01&to=2026-11-20', <RoutineScreen />);
    for (const testId of ['chart-hours', 'chart-hhByPeriod']) {
      const options = await drawnLive<{ dataLabels: { enabled: boolean; formatter: unknown } }>(testId);
      expect(options.dataLabels.enabled).toBe(true);
      expect(typeof options.dataLabels.formatter).toBe('function');
    }
  });
});
