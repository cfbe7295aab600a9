import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import { ProjectHealthScreen } from '../features/project-health/project-health-screen';
import {
  chartData,
  classes,
  dashboardCalls,
  harness,
  json,
  renderAt,
  setUpDashboardTests,
} from './dashboard-kit.harness';

/** The project-health screen draws the server's figures, each chart over its table. */
setUpDashboardTests();

const LONG = 'Pacote A — Estrutura do bloco 1, pavimentos 1 a 4, com um nome bem comprido';
// On a rank's axis a name and its block are two lines (the block is never the part cut off).
const LONG_LINES = ['Pacote A', 'Estrutura do bloco 1, pavimentos 1 a 4, com um nome bem comprido'];
const answer: ProjectHealthDashboard = {
  filters: { contract: 1, range: 'week' } as ProjectHealthDashboard['filters'],
  generatedAt: '2026-11-23T12:00:00.000Z',
  totals: classes(1207.5, 405, 304.7, 1600, 210),
  weekdays: [
    { weekday: 1, ...classes(500, 100, 50, 600, 80) },
    { weekday: 2, ...classes(7.5, 5, 4.7, 40, 8) },
  ],
  evolution: [
    { bucket: '2026-11-02', valueAddingIndex: 0.6, hh: 100, workers: 400, registers: 50, lowConfidence: false },
    { bucket: '2026-11-09', valueAddingIndex: 0.436, hh: 17.2, workers: 40, registers: 8, lowConfidence: true },
  ],
  ranks: {
    // The server's order: value-adding index, highest first.
    packages: [
      { id: 1, name: LONG, ...classes(80, 10, 10, 500, 60) },
      { id: 2, name: 'Pacote B', ...classes(50, 40, 10, 300, 40) },
      { id: 3, name: 'Pacote C', ...classes(40, 10, 50, 200, 30) },
    ],
    locals: [{ id: 1, name: 'Pavimento 1', ...classes(10, 5, 5, 100, 10) }],
    functions: [{ id: 1, name: 'Carpinteiro', ...classes(10, 5, 5, 100, 10) }],
    activities: [{ id: 1, name: 'Forma de pilares', ...classes(10, 5, 5, 100, 10) }],
  },
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

const ENTRY = '/?contract=1&from=2026-11-01&to=2026-11-20';
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
    expect(screen.getByTestId('kpi-compliance-value')).toHaveTextContent('87,5%');
    expect(screen.getByTestId('kpi-compliance')).toHaveTextContent(
      '350 de 400 apontamentos esperados · meta de 4 por dia',
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
    expect(await chartOf('chart-evolution')).toEqual({
      type: 'line',
      series: [{ name: 'Agrega valor', data: [0.6, 0.436] }],
      categories: ['02/11/2026', '09/11/2026'],
    });
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

  it('ranks the same rows by a waste on demand, the chart and the table alike', async () => {
    harness.answers.set('project-health', [() => json(answer)]);
    renderAt(ENTRY, <ProjectHealthScreen />);
    expect((await chartOf('chart-packages')).categories).toEqual([LONG_LINES, 'Pacote B', 'Pacote C']);
    const rankBy = within(screen.getByTestId('rank-by'));
    fireEvent.click(rankBy.getByRole('radio', { name: 'Perda oculta' }));
    await waitFor(async () =>
      expect((await chartOf('chart-packages')).categories).toEqual(['Pacote B', LONG_LINES, 'Pacote C']),
    );
    const packages = await chartOf('chart-packages');
    expect((packages.series as { data: number[] }[])[1]!.data).toEqual([0.4, 0.1, 0.1]);
    fireEvent.click(rankBy.getByRole('radio', { name: 'Perda evidente' }));
    await waitFor(async () =>
      expect((await chartOf('chart-packages')).categories).toEqual(['Pacote C', LONG_LINES, 'Pacote B']),
    );
    fireEvent.click(within(screen.getByTestId('card-packages')).getByRole('button', { name: /Ver valores/ }));
    const rows = (await screen.findByTestId('table-packages')).querySelectorAll('tbody tr');
    expect(Array.from(rows, (row) => row.querySelector('td')?.textContent)).toEqual(['Pacote C', LONG, 'Pacote B']);
    // Ranked in the browser: one request.
    expect(dashboardCalls('project-health')).toHaveLength(1);
  });

  it('sends the range type and shows no data when nothing was observed', async () => {
    const empty: ProjectHealthDashboard = {
      ...answer,
      totals: classes(0, 0, 0, 0, 0),
      weekdays: [],
      evolution: [],
      ranks: { packages: [], locals: [], functions: [], activities: [] },
      compliance: { goal: 4, reports: 0, expected: 0, ratio: null, reporters: [], days: [] },
    };
    harness.answers.set('project-health', [() => json(empty)]);
    renderAt(`${ENTRY}&range=month`, <ProjectHealthScreen />);
    expect(await screen.findByTestId('no-data')).toHaveTextContent('Nenhum dado para estes filtros.');
    expect(dashboardCalls('project-health')[0]!.url.searchParams.get('range')).toBe('month');
  });
});
