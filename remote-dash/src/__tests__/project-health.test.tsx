import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { byShare, rankEnds } from '@canteiro/shared/domain';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import { useSession } from '@canteiro/shared/core';
import { ProjectHealthScreen } from '../features/project-health/project-health-screen';
import { bucketDays, hourWindow } from '../kit/dashboards/drill-down';
import {
  RAIN,
  chartData,
  classes,
  dashboardCalls,
  drawn,
  drawnLive,
  harness,
  json,
  renderAt,
  setUpDashboardTests,
} from './dashboard-kit.harness';

/** The project-health screen draws the server's figures, each chart over its table. */
setUpDashboardTests();

const LONG = 'Pacote A — Estrutura do bloco 1, pavimentos 1 a 4, com um nome bem comprido';
const band = (low: number, high: number) => ({
  low,
  high,
  variance: 0.001,
  effectiveSample: 100,
  designEffect: 4,
  lowConfidence: high - low > 0.1,
});
const answer: ProjectHealthDashboard = {
  filters: { contract: 1, range: 'week' } as ProjectHealthDashboard['filters'],
  lastObservation: { date: '2026-03-09', time: '14:15' },
  generatedAt: '2026-11-23T12:00:00.000Z',
  totals: classes(1207.5, 405, 304.7, 1600, 210),
  // The contract's targets: 55 % value-adding, 90 % compliance.
  targets: { valueAdding: 0.55, compliance: 0.9 },
  // The week before: value-adding 52,2 % → 63,0 % (+10,8 points, a real change); hidden waste
  // moved by chance; evident waste had no share to compare.
  previous: {
    from: '2026-10-26',
    to: '2026-11-01',
    totals: classes(600, 300, 250, 900, 120),
    change: {
      valueAdding: { difference: 0.108, low: 0.052, high: 0.164, real: true },
      hiddenWaste: { difference: -0.093, low: -0.41, high: 0.224, real: false },
      evidentWaste: null,
    },
  },
  weekdays: [
    { weekday: 1, ...classes(500, 100, 50, 600, 80) },
    { weekday: 2, ...classes(7.5, 5, 4.7, 40, 8) },
  ],
  evolution: [
    {
      bucket: '2026-11-02',
      valueAddingIndex: 0.6,
      interval: band(0.56, 0.64),
      hh: 100,
      workers: 400,
      registers: 50,
      lowConfidence: false,
    },
    {
      bucket: '2026-11-09',
      valueAddingIndex: 0.436,
      interval: band(0.3, 0.58),
      hh: 17.2,
      workers: 40,
      registers: 8,
      lowConfidence: true,
    },
  ],
  control: {
    centre: 0.55,
    designEffect: 4,
    days: [
      { date: '2026-11-02', share: 0.6, workers: 200, lower: 0.34, upper: 0.76, signal: null },
      { date: '2026-11-03', share: 0.1, workers: 20, lower: 0.2, upper: 0.9, signal: 'outside' },
    ],
  },
  ranks: {
    // The server's order: value-adding index, highest first.
    // How each moved since the week before (the server's positions among the items of both weeks).
    packages: [
      {
        id: 1,
        name: LONG,
        ...classes(80, 10, 10, 500, 60),
        moved: { valueAdding: 1, hiddenWaste: 0, evidentWaste: -1 },
      },
      {
        id: 2,
        name: 'Pacote B',
        ...classes(50, 40, 10, 300, 40),
        moved: { valueAdding: -1, hiddenWaste: 0, evidentWaste: 1 },
      },
      { id: 3, name: 'Pacote C', ...classes(40, 10, 50, 200, 30), moved: null },
    ],
    locals: [{ id: 1, name: 'Pavimento 1', ...classes(10, 5, 5, 100, 10), moved: null }],
    functions: [{ id: 1, name: 'Carpinteiro', ...classes(10, 5, 5, 100, 10), moved: null }],
    activities: [{ id: 1, name: 'Forma de pilares', ...classes(10, 5, 5, 100, 10), moved: null }],
  },
  rankCounts: { packages: 3, locals: 1, functions: 1, activities: 1 },
  // A material shortage on Tuesday 3 November, written by a contract user (id 7).
  annotations: [
    {
      ...RAIN,
      id: 5,
      from: '2026-11-03',
      to: '2026-11-03',
      label: 'Falta de material',
      comparison: {
        days: 7,
        before: { from: '2026-10-27', to: '2026-11-02', share: 0.6, workers: 400 },
        after: { from: '2026-11-03', to: '2026-11-09', share: 0.436, workers: 40 },
        change: { difference: -0.164, low: -0.3, high: -0.028, real: true },
      },
    },
  ],
  compliance: {
    goal: 4,
    reports: 350,
    expected: 400,
    ratio: 0.875,
    reporters: [
      { user: 3, name: 'Ana Apontadora', reports: 200, expected: 200, ratio: 1 },
      { user: 4, name: 'Bruno Apontador', reports: 150, expected: 200, ratio: 0.75 },
    ],
    days: [
      { date: '2026-11-02', reports: 8, expected: 8, ratio: 1 },
      { date: '2026-11-03', reports: 6, expected: 8, ratio: 0.75 },
    ],
  },
};

/**
 * 30 packages whose shares of the three classes order them three different ways, and the answer
 * the server gives of them: the list by its ends (rankEnds), with the whole list's count.
 */
function longPackages() {
  const whole = Array.from({ length: 30 }, (_, index) => ({
    id: 100 + index,
    name: `Pacote ${index + 1}`,
    ...classes(30 - index, 5 + ((index * 7) % 11), 3 + ((index * 5) % 13), 100, 10),
    moved: null,
  }));
  const count = { ...answer.rankCounts, packages: 30 };
  const byEnds = { ...answer, ranks: { ...answer.ranks, packages: rankEnds(whole) }, rankCounts: count };
  return { whole, count, byEnds };
}

const ENTRY = '/?contract=1&from=2026-11-01&to=2026-11-20';
/** A chart's horizontal lines as the screen gave them to apexcharts. */
type Annotated = { series: unknown; options: { annotations: { yaxis: { y: number; label: { text: string } }[] } } };
const chartOf = async (testId: string) =>
  chartData(await within(await screen.findByTestId(testId)).findByTestId('apex'));

describe('project health', () => {
  it('shows the KPIs and draws each chart from its table', async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    await screen.findByTestId('dashboard-project-health');
    expect(screen.getByTestId('kpi-totalHh-value')).toHaveTextContent('1.917,2');
    expect(screen.getByTestId('kpi-totalHh')).toHaveTextContent('1.600 observações · 210 registros');
    // 1 207,5 of 1 917,2 HH.
    expect(screen.getByTestId('kpi-valueAdding-value')).toHaveTextContent('63,0%');
    expect(screen.getByTestId('kpi-valueAdding')).toHaveTextContent('1.207,5 HH');
    // Each share against the week before: the difference, its interval, and "mudança real" only when it excludes 0.
    expect(screen.getByTestId('kpi-valueAdding-change')).toHaveTextContent(
      '+10,8 p.p. ante 26/10–01/11IC 95 %: +5,2 a +16,4 p.p.mudança real',
    );
    expect(screen.getByTestId('kpi-hiddenWaste-change')).toHaveTextContent(
      '-9,3 p.p. ante 26/10–01/11IC 95 %: -41,0 a +22,4 p.p.',
    );
    expect(within(screen.getByTestId('kpi-hiddenWaste')).queryByTestId('real-change')).toBeNull();
    expect(screen.queryByTestId('kpi-evidentWaste-change')).toBeNull();
    const annotations = screen.getByTestId('annotations');
    expect(screen.getAllByTestId('real-change').filter((tag) => !annotations.contains(tag))).toHaveLength(1);
    expect(screen.getByTestId('kpi-compliance-value')).toHaveTextContent('87,5%');
    expect(screen.getByTestId('kpi-compliance')).toHaveTextContent(
      '350 de 400 apontamentos esperados · meta de 4 por dia completo',
    );

    expect(await chartOf('chart-classes')).toEqual({
      type: 'donut',
      series: [1207.5, 405, 304.7],
      categories: ['Agrega valor', 'Perda oculta', 'Perda evidente'],
    });
    expect(await chartOf('chart-weekdays')).toEqual({
      type: 'bar',
      series: [
        { name: 'HH agrega valor', data: [500, 7.5] },
        { name: 'HH perda oculta', data: [100, 5] },
        { name: 'HH perda evidente', data: [50, 4.7] },
      ],
      categories: ['Segunda', 'Terça'],
    });
    // The line inside the band of its 95 % interval; the axis scaled to them, not 0–100 %.
    const evolutionChart = await drawn<{
      series: { type: string; name: string; data: { x: string; y: unknown }[] }[];
      options: { yaxis: { min: number; max: number } };
    }>('chart-evolution');
    expect(evolutionChart.series).toEqual([
      {
        type: 'rangeArea',
        name: 'Intervalo de 95 %',
        data: [
          { x: '02/11/2026', y: [0.56, 0.64] },
          { x: '09/11/2026', y: [0.3, 0.58] },
        ],
      },
      {
        type: 'line',
        name: 'Agrega valor',
        data: [
          { x: '02/11/2026', y: 0.6 },
          { x: '09/11/2026', y: 0.436 },
        ],
      },
    ]);
    expect(evolutionChart.options.yaxis).toMatchObject({ min: 0.25, max: 0.65, tickAmount: 8 });
    // Each share's interval under its KPI.
    expect(screen.getByTestId('kpi-valueAdding-interval')).toHaveTextContent(/^IC 95 %: \d+,\d% a \d+,\d%$/);
    // The control chart: the day, the centre and the two limits; the day outside marked and explained.
    const control = await drawn<{
      series: { name: string; data: number[] }[];
      options: { markers: { discrete: { dataPointIndex: number; shape: string }[] } };
    }>('chart-control');
    expect(control.series.map((series) => series.name)).toEqual([
      'Agrega valor do dia',
      'Média do período',
      'Limite superior',
      'Limite inferior',
    ]);
    expect(control.series[0]!.data).toEqual([0.6, 0.1]);
    expect(control.options.markers.discrete).toMatchObject([{ dataPointIndex: 1, shape: 'square' }]);
    expect(screen.getByTestId('control-signals')).toHaveTextContent(
      'Sinais: 1 fora dos limites, 0 em sequências de 8 dias do mesmo lado.',
    );
    expect(screen.getByTestId('control-explain')).toHaveTextContent('efeito 4,00');
    expect(await chartOf('chart-complianceReporters')).toMatchObject({
      series: [{ name: 'Aderência', data: [1, 0.75] }],
      categories: ['Ana Apontadora', 'Bruno Apontador'],
    });
    expect(await chartOf('chart-complianceDays')).toMatchObject({ series: [{ name: 'Aderência', data: [1, 0.75] }] });
    // The range type is offered: the screen has a time axis.
    expect(screen.getByLabelText('Agrupar por')).toBeInTheDocument();
    // Each chart's values behind its toggle; the compliance summary's open.
    expect(screen.getByTestId('table-compliance')).toHaveTextContent('87,5%');
    fireEvent.click(within(screen.getByTestId('card-evolution')).getByRole('button', { name: /Ver valores/ }));
    const evolution = within(await screen.findByTestId('table-evolution'));
    expect(evolution.getByText('43,6%')).toBeInTheDocument();
    expect(evolution.getAllByTestId('low-confidence')).toHaveLength(1);
  });

  it('reads walks expected in proportion to the work schedule to one decimal at most', async () => {
    // Two weekdays (8 each for 2 reporters at 4) and a Saturday (5/9 of it: 4,44…).
    const saturday = (8 * 5) / 9;
    const compliance = {
      ...answer.compliance,
      reports: 20,
      expected: 16 + saturday,
      ratio: 20 / (16 + saturday),
      days: [...answer.compliance.days, { date: '2026-11-07', reports: 6, expected: saturday, ratio: 6 / saturday }],
    };
    harness.answers.set('project-health', [() => json({ ...answer, compliance })]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    await screen.findByTestId('dashboard-project-health');
    expect(screen.getByTestId('kpi-compliance')).toHaveTextContent(
      '20 de 20,4 apontamentos esperados · meta de 4 por dia completo',
    );
    expect(screen.getByTestId('table-compliance')).toHaveTextContent('20,4');
    fireEvent.click(within(screen.getByTestId('card-complianceDays')).getByRole('button', { name: /Ver valores/ }));
    const days = within(await screen.findByTestId('table-complianceDays'));
    expect(days.getByText('4,4')).toBeInTheDocument();
    // A whole number stays whole: 8, not 8,0.
    expect(days.queryByText('8,0')).toBeNull();
    expect(days.getAllByText('8')).toHaveLength(3);
  });

  it('ranks the same rows by a waste on demand, the chart and the table alike', async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    // Every item, its whole name, its share and interval (the names are read whole, never cut).
    const names = async () =>
      Array.from(
        within(await screen.findByTestId('chart-packages')).getAllByTestId('rank-item'),
        (item) => item.getAttribute('aria-label')!.split(':')[0],
      );
    expect(await names()).toEqual([LONG.split(':')[0], 'Pacote B', 'Pacote C']);
    const first = within(screen.getByTestId('chart-packages')).getAllByTestId('rank-item')[0]!;
    expect(first).toHaveTextContent(LONG);
    expect(first.getAttribute('aria-label')).toMatch(
      /^.+: 80,0%, intervalo de 95 % de \d+,\d% a \d+,\d%, 500 observações; subiu 1 posição desde 26\/10–01\/11$/,
    );
    // How each moved since the week before, by the share it is ranked by; the new one says so.
    const moves = () =>
      within(screen.getByTestId('chart-packages'))
        .getAllByTestId('rank-item-moved')
        .map((mark) => mark.textContent);
    expect(moves()).toEqual(['▲ 1', '▼ 1', 'novo']);
    expect(within(screen.getByTestId('chart-packages')).getAllByTestId('rank-item-moved')[2]).toHaveAttribute(
      'title',
      'sem observações em 26/10–01/11',
    );
    expect(screen.getByTestId('chart-packages-overlap')).toHaveTextContent(
      'quantas posições cada item subiu ou caiu desde 26/10–01/11',
    );
    expect(within(first).getByTestId('whisker')).toBeInTheDocument();
    expect(screen.getByTestId('chart-packages-overlap')).toHaveTextContent(/pares vizinhos|Nenhum par vizinho/);
    const rankBy = within(screen.getByTestId('rank-by'));
    fireEvent.click(rankBy.getByRole('radio', { name: 'Perda oculta' }));
    await waitFor(async () => expect(await names()).toEqual(['Pacote B', LONG, 'Pacote C']));
    fireEvent.click(rankBy.getByRole('radio', { name: 'Perda evidente' }));
    await waitFor(async () => expect(await names()).toEqual(['Pacote C', LONG, 'Pacote B']));
    expect(moves()).toEqual(['novo', '▼ 1', '▲ 1']);
    fireEvent.click(within(screen.getByTestId('card-packages')).getByRole('button', { name: /Ver valores/ }));
    const rows = (await screen.findByTestId('table-packages')).querySelectorAll('tbody tr');
    expect(Array.from(rows, (row) => row.querySelector('td')?.textContent)).toEqual(['Pacote C', LONG, 'Pacote B']);
    // Ranked in the browser: one request.
    expect(dashboardCalls('project-health')).toHaveLength(1);
  });

  it('shows a long list by its ends, for any share it is ranked by, and the whole list when asked', async () => {
    const { whole, count, byEnds } = longPackages();
    expect(byEnds.ranks.packages.length).toBeLessThan(30);
    const wholeAnswer = { ...answer, ranks: { ...answer.ranks, packages: whole }, rankCounts: count };
    harness.answers.set('project-health', [() => json(byEnds), () => json(wholeAnswer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    const card = async () => within(await screen.findByTestId('chart-packages'));
    const names = async () =>
      (await card()).getAllByTestId('rank-item').map((item) => item.getAttribute('aria-label')!.split(':')[0]);
    const ends = (name: 'valueAdding' | 'hiddenWaste') => {
      const ordered = byShare(whole, name).map((item) => item.name);
      return [...ordered.slice(0, 10), ...ordered.slice(-10)];
    };
    expect(await names()).toEqual(ends('valueAdding'));
    expect((await card()).getByTestId('rank-gap')).toHaveTextContent('10 itens entre os 10 primeiros e os 10 últimos');
    expect((await card()).getByRole('region')).toHaveAccessibleName(/Pacotes: 30 itens/);
    // Ranked by hidden waste in the browser, from the same ends: its top and bottom ten.
    fireEvent.click(within(screen.getByTestId('rank-by')).getByRole('radio', { name: 'Perda oculta' }));
    await waitFor(async () => expect(await names()).toEqual(ends('hiddenWaste')));
    expect(dashboardCalls('project-health')).toHaveLength(1);
    fireEvent.click((await card()).getByRole('button', { name: 'Mostrar todos os 30' }));
    await waitFor(async () => expect(await names()).toHaveLength(30));
    expect((await card()).queryByTestId('rank-gap')).toBeNull();
    const asked = dashboardCalls('project-health')[1]!.url.searchParams;
    expect(asked.get('ranks')).toBe('packages');
    expect(asked.get('contract')).toBe('1');
  });

  it('takes no whole list answered for other filters than the answer on screen', async () => {
    const { whole, count, byEnds } = longPackages();
    const otherFilters = {
      ...answer,
      filters: { ...answer.filters, function: 4 },
      ranks: { ...answer.ranks, packages: whole },
      rankCounts: count,
    };
    harness.answers.set('project-health', [() => json(byEnds), () => json(otherFilters)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    const card = async () => within(await screen.findByTestId('chart-packages'));
    fireEvent.click((await card()).getByRole('button', { name: 'Mostrar todos os 30' }));
    await waitFor(() => expect(dashboardCalls('project-health')).toHaveLength(2));
    await waitFor(async () =>
      expect((await card()).getByRole('button', { name: 'Mostrar todos os 30' })).not.toHaveClass('ant-btn-loading'),
    );
    expect((await card()).getAllByTestId('rank-item')).toHaveLength(20);
    expect((await card()).getByTestId('rank-gap')).toBeInTheDocument();
  });

  it("draws the contract's targets as dashed lines and marks the items under the value-adding one", async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    const evolution = await drawn<Annotated>('chart-evolution');
    expect(evolution.options.annotations.yaxis.map((line) => [line.y, line.label.text])).toEqual([
      [0.55, 'Meta 55,0%'],
    ]);
    const days = await drawn<Annotated>('chart-complianceDays');
    expect(days.options.annotations.yaxis.map((line) => [line.y, line.label.text])).toEqual([
      [1, 'Meta'],
      [0.9, 'Meta 90,0%'],
    ]);
    // Ranked by value-adding share: 80 % holds the 55 % target, 50 % and 40 % are under it.
    const packages = await screen.findByTestId('chart-packages');
    const marks = () =>
      within(packages)
        .getAllByTestId('rank-item')
        .map((item) => within(item).queryByTestId('rank-item-below') !== null);
    expect(marks()).toEqual([false, true, true]);
    expect(within(packages).getAllByTestId('rank-item')[1]).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/abaixo da meta$/),
    );
    expect(screen.getByTestId('chart-packages-overlap')).toHaveTextContent('a meta de 55,0% da contratada');
    // Ranked by a waste, the value-adding target says nothing.
    fireEvent.click(within(screen.getByTestId('rank-by')).getByRole('radio', { name: 'Perda oculta' }));
    await waitFor(() => expect(within(packages).queryAllByTestId('rank-item-below')).toEqual([]));
    expect(within(packages).queryAllByTestId('target-mark')).toEqual([]);
  });

  it('shows no movement when the answer has no period before', async () => {
    harness.answers.set('project-health', [() => json({ ...answer, previous: null })]);
    renderAt('/?contract=1&from=2026-11-01', <ProjectHealthScreen />);
    expect(await within(await screen.findByTestId('chart-packages')).findAllByTestId('rank-item')).toHaveLength(3);
    expect(screen.queryAllByTestId('rank-item-moved')).toEqual([]);
    expect(screen.getByTestId('chart-packages-overlap')).not.toHaveTextContent('Setas');
  });

  it('sends the range type and shows no data when nothing was observed', async () => {
    const empty: ProjectHealthDashboard = {
      ...answer,
      totals: classes(0, 0, 0, 0, 0),
      weekdays: [],
      evolution: [],
      ranks: { packages: [], locals: [], functions: [], activities: [] },
      rankCounts: { packages: 0, locals: 0, functions: 0, activities: 0 },
      compliance: { goal: 4, reports: 0, expected: 0, ratio: null, reporters: [], days: [] },
    };
    harness.answers.set('project-health', [() => json(empty)]);
    renderAt(`${ENTRY}&range=month`, <ProjectHealthScreen />);
    expect(await screen.findByTestId('no-data')).toHaveTextContent('Nenhum dado para estes filtros.');
    expect(dashboardCalls('project-health')[0]!.url.searchParams.get('range')).toBe('month');
  });
});

describe('drill-down: a figure opens its rows', () => {
  /** The dashboard's own address, as the app has it: the list sits beside it under /dash. */
  const AT = '/dash/project-health?contract=1&from=2026-11-01&to=2026-11-20&range=week';
  type Events = { chart: { events: { dataPointSelection: (e: unknown, c: unknown, at: object) => void } } };
  const select = async (testId: string, seriesIndex: number, dataPointIndex: number) => {
    const options = await drawnLive<Events>(testId);
    act(() => options.chart.events.dataPointSelection(null, null, { seriesIndex, dataPointIndex }));
  };
  const opened = () => ({
    path: harness.location?.pathname,
    filters: Object.fromEntries(new URLSearchParams(harness.location?.search)),
  });

  it("a rank item is a link to the activity list with the dashboard's filters, the item and the ranked class", async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(AT, <ProjectHealthScreen />);
    const packages = await screen.findByTestId('chart-packages');
    const link = within(packages).getAllByTestId('rank-item-rows')[0]!;
    expect(link).toHaveAccessibleName(`Ver os apontamentos de ${LONG}`);
    expect(link.getAttribute('href')).toBe(
      '/dash/activity-report?contract=1&from=2026-11-01&to=2026-11-20&range=week&package=1&classification=value_adding',
    );
    fireEvent.click(within(screen.getByTestId('rank-by')).getByRole('radio', { name: 'Perda evidente' }));
    await waitFor(() =>
      expect(within(packages).getAllByTestId('rank-item-rows')[0]!.getAttribute('href')).toMatch(
        /[?&]package=3&classification=evident_waste$/,
      ),
    );
    fireEvent.click(within(screen.getByTestId('chart-locals')).getAllByTestId('rank-item-rows')[0]!);
    expect(opened().path).toBe('/dash/activity-report');
    expect(opened().filters).toMatchObject({ contract: '1', classification: 'evident_waste' });
    expect(opened().filters.local).toBeDefined();
  });

  it('a class of a weekday opens its rows; the list starts at its first page, its search cleared', async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(`${AT}&page=3&search=x`, <ProjectHealthScreen />);
    await screen.findByTestId('dashboard-project-health');
    // Tuesday's evident waste (series 2 of the stacked bars, the second day).
    await select('chart-weekdays', 2, 1);
    expect(opened()).toEqual({
      path: '/dash/activity-report',
      filters: {
        contract: '1',
        from: '2026-11-01',
        to: '2026-11-20',
        range: 'week',
        weekdays: '2',
        classification: 'evident_waste',
      },
    });
  });

  it("the donut's slice opens its class; an evolution bucket opens its days within the dashboard's", async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(AT, <ProjectHealthScreen />);
    await screen.findByTestId('dashboard-project-health');
    await select('chart-classes', 0, 1);
    expect(opened().filters).toMatchObject({ classification: 'hidden_waste', from: '2026-11-01' });
    // The week of 2026-11-09 (the answer echoes no dates: the whole week), value-adding rows.
    await select('chart-evolution', 1, 1);
    expect(opened().filters).toMatchObject({ from: '2026-11-09', to: '2026-11-15', classification: 'value_adding' });
    expect(opened().filters.week).toBeUndefined();
  });

  it("the keyboard's way in: each row of a chart's table links to its rows", async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(AT, <ProjectHealthScreen />);
    await screen.findByTestId('dashboard-project-health');
    fireEvent.click(within(screen.getByTestId('card-weekdays')).getByRole('button', { name: /Ver valores/ }));
    const links = within(await screen.findByTestId('table-weekdays')).getAllByTestId('table-row-rows');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dash/activity-report?contract=1&from=2026-11-01&to=2026-11-20&range=week&weekdays=1',
      '/dash/activity-report?contract=1&from=2026-11-01&to=2026-11-20&range=week&weekdays=2',
    ]);
    expect(links[0]).toHaveAccessibleName(/^Ver os apontamentos de /);
    fireEvent.click(within(screen.getByTestId('card-evolution')).getByRole('button', { name: /Ver valores/ }));
    const week = within(await screen.findByTestId('table-evolution')).getAllByTestId('table-row-rows')[0]!;
    expect(new URLSearchParams(week.getAttribute('href')!.split('?')[1]).get('from')).toBe('2026-11-02');
  });

  it('a bucket or an hour keeps within the filters: a week cut by `from`, a month, a year, an hour by the window', () => {
    expect(bucketDays('2026-11-02', 'week', { from: '2026-11-04', to: '2026-11-20' })).toEqual({
      from: '2026-11-04',
      to: '2026-11-08',
    });
    expect(bucketDays('2026-02-01', 'month', {})).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(bucketDays('2026-12-01', 'month', { to: '2026-12-20' })).toEqual({ from: '2026-12-01', to: '2026-12-20' });
    expect(bucketDays('2026-01-01', 'year', {})).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(bucketDays('2026-03-04', 'day', {})).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(hourWindow(9, {})).toEqual({ fromTime: '09:00', toTime: '09:59' });
    expect(hourWindow(9, { fromTime: '09:30', toTime: '17:00' })).toEqual({ fromTime: '09:30', toTime: '09:59' });
  });
  it('marks each annotation on every time axis, lists it with its comparison, and adds one through the form', async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    type Marked = {
      series: { data: { x: string }[] }[];
      options: {
        xaxis: { categories: string[] };
        annotations: { xaxis: { x: string; x2?: string; label: { text: string } }[] };
      };
    };
    // Tuesday 3 November: the week of 2 November on the evolution, its own day on the daily axes.
    const evolution = await drawn<Marked>('chart-evolution');
    expect(evolution.options.annotations.xaxis.map((mark) => [mark.x, mark.x2, mark.label.text])).toEqual([
      [evolution.series[1]!.data[0]!.x, undefined, 'Falta de material'],
    ]);
    for (const id of ['chart-control', 'chart-complianceDays']) {
      const chart = await drawn<Marked>(id);
      expect(chart.options.annotations.xaxis.map((mark) => [mark.x, mark.x2])).toEqual([
        [chart.options.xaxis.categories[1], undefined],
      ]);
    }
    const [entry] = within(screen.getByTestId('annotations')).getAllByTestId('annotation');
    expect(entry).toHaveTextContent('Falta de material');
    expect(entry).toHaveTextContent('por Carla');
    expect(within(entry!).getByTestId('annotation-comparison')).toHaveTextContent(
      /^Agrega valor 60,0% nos 7 dias antes → 43,6% nos 7 a partir do início · [−-]16,4 p\.p\. \(IC 95 %: [−-]30,0 a [−-]2,8 p\.p\.\) mudança real$/,
    );
    expect(within(entry!).getByTestId('real-change')).toBeInTheDocument();
    // The admin signed in is above its author: edit and remove are offered.
    expect(within(entry!).getByRole('button', { name: 'Remover a anotação Falta de material' })).toBeInTheDocument();
    // A new one: the form posts the contract, the days and the label, then the dashboard asks again.
    fireEvent.click(screen.getByTestId('annotation-add'));
    const dialog = await screen.findByRole('dialog');
    for (const [label, value] of [
      ['Início', '10/11/2026'],
      ['Fim', '12/11/2026'],
      ['Descrição', 'Chuva forte'],
    ]) {
      const field = within(dialog).getByLabelText(label!);
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
    }
    fireEvent.click(within(dialog).getByText('Salvar'));
    await waitFor(() => expect(harness.calls.some((call) => call.method === 'POST')).toBe(true));
    const posted = harness.calls.find((call) => call.method === 'POST')!;
    expect(posted.url.pathname).toBe('/api/annotations');
    expect(JSON.parse(posted.body)).toEqual({
      contract: 1,
      from: '2026-11-10',
      to: '2026-11-12',
      label: 'Chuva forte',
    });
    await waitFor(() => expect(dashboardCalls('project-health')).toHaveLength(2));
  });

  it("offers no change of another's annotation to someone not above its author", async () => {
    useSession.getState().signIn('token', {
      id: 8,
      email: 'c@b.c',
      username: 'c',
      permission_set: { value: 'contract', label: 'Contratada' },
    });
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    const [entry] = await within(await screen.findByTestId('annotations')).findAllByTestId('annotation');
    expect(within(entry!).queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(within(entry!).queryByRole('button', { name: /Editar/ })).toBeNull();
  });
});
