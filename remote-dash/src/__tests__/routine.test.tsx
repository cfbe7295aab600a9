import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RoutineScreen } from '../features/routine/routine-screen';
import {
  chartData,
  classes,
  drawn,
  harness,
  json,
  renderAt,
  routine,
  setUpDashboardTests,
} from './dashboard-kit.harness';

/** The routine screen, hour by hour, its chart over its table. */
setUpDashboardTests();

const chartOf = async () => chartData(await within(await screen.findByTestId('chart-hours')).findByTestId('apex'));

describe('routine', () => {
  it('shows HH total and the HH of each class hour by hour, then the hours’ shares', async () => {
    harness.answers.set('routine', [() => json(routine)]);
    renderAt('/?contract=1&from=2026-11-01&to=2026-11-20', <RoutineScreen />);
    await screen.findByTestId('dashboard-routine');
    expect(screen.getByTestId('kpi-totalHh-value')).toHaveTextContent('1.917,2');
    expect(screen.getByTestId('kpi-hiddenWaste')).toHaveTextContent('405,0 HH');
    expect(await chartOf()).toEqual({
      type: 'bar',
      series: [
        { name: 'HH agrega valor', data: [7.5, 1200] },
        { name: 'HH perda oculta', data: [5, 400] },
        { name: 'HH perda evidente', data: [4.7, 300] },
      ],
      categories: ['07:00', '08:00'],
    });
    const table = within(screen.getByTestId('table-hours'));
    expect(table.getByText('07:00')).toBeInTheDocument();
    expect(table.getByText('43,6%')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('routine-view')).getByRole('radio', { name: 'Índices' }));
    await waitFor(async () =>
      expect(((await chartOf()).series as { name: string }[]).map((series) => series.name)).toEqual([
        'Agrega valor',
        'Perda oculta',
        'Perda evidente',
      ]),
    );
    const [valueAdding] = (await chartOf()).series as { data: number[] }[];
    expect(valueAdding!.data[0]).toBeCloseTo(7.5 / 17.2);
  });

  it('offers the range type and draws HH by class per bucket, stacked, from its table', async () => {
    harness.answers.set('routine', [() => json(routine)]);
    renderAt('/?contract=1&from=2026-11-01&to=2026-11-20&range=month', <RoutineScreen />);
    await screen.findByTestId('dashboard-routine');
    expect(screen.getByLabelText('Agrupar por')).toBeInTheDocument();
    expect(
      harness.calls.find((call) => call.url.pathname === '/api/dashboards/routine')!.url.searchParams.get('range'),
    ).toBe('month');
    expect(chartData(await within(await screen.findByTestId('chart-hhByPeriod')).findByTestId('apex'))).toEqual({
      type: 'bar',
      series: [
        { name: 'HH agrega valor', data: [7.5, 1200] },
        { name: 'HH perda oculta', data: [5, 400] },
        { name: 'HH perda evidente', data: [4.7, 300] },
      ],
      categories: ['02/11/2026', '09/11/2026'],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'HH por período' })).toBeInTheDocument();
  });

  it('marks the shares low-confidence under 385 observations', async () => {
    harness.answers.set('routine', [() => json({ ...routine, totals: classes(7.5, 5, 4.7, 40, 8) })]);
    renderAt('/?contract=1&from=2026-11-01&to=2026-11-20', <RoutineScreen />);
    await screen.findByTestId('dashboard-routine');
    expect(within(screen.getByTestId('kpi-valueAdding')).getByTestId('low-confidence')).toHaveTextContent(
      'Baixa confiança',
    );
    expect(within(screen.getByTestId('kpi-totalHh')).queryByTestId('low-confidence')).not.toBeInTheDocument();
    expect(screen.getByTestId('kpi-totalHh')).toHaveTextContent('40 observações · 8 registros');
  });
  it("marks the contract's annotations on the HH by period", async () => {
    harness.answers.set('routine', [() => json(routine)]);
    renderAt('/?contract=1&from=2026-11-01&to=2026-11-20', <RoutineScreen />);
    const chart = await drawn<{
      series: unknown;
      options: { xaxis: { categories: string[] }; annotations: { xaxis: { x: string; label: { text: string } }[] } };
    }>('chart-hhByPeriod');
    expect(chart.options.annotations.xaxis.map((mark) => [mark.x, mark.label.text])).toEqual([
      [chart.options.xaxis.categories[1], 'Chuva forte'],
    ]);
  });
});
