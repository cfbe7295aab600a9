import { MemoryRouter } from 'react-router-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import { dashboardTable } from '@canteiro/shared/domain';
import type { EquipmentDashboard } from '@canteiro/shared/domain';
import { CLASS_COLOURS } from '../kit/dashboards/class-colours';
import { EquipmentView } from '../features/equipment-dash/equipment-view';
import {
  RAIN,
  drawn,
  drawnLive,
  harness,
  json,
  renderAt,
  setUpFakeServer,
  setUpTranslations,
} from './dashboard-kit.harness';
import EquipmentPage from '../pages/equipment-page';

/**
 * "Equipment" (spec §9: top 5 companies): the observations, utilization per machine
 * in the server's order and the companies with most idle + down observations, each chart
 * plotting the numbers of the table under it; a note when function or occurrence filters are
 * set, since they do not apply to equipment rows (docs/reports.md).
 */

interface Drawn {
  series: { name: string; data: (number | null)[] }[];
  options: { colors?: string[]; chart?: { stacked?: boolean; stackType?: string }; xaxis?: { categories?: string[] } };
}

const machine = (id: number, name: string, company: string, working: number, idle: number, down: number) => {
  const observations = working + idle + down;
  return {
    id,
    name,
    company,
    working,
    idle,
    down,
    observations,
    utilization: working / observations,
    lowConfidence: observations < 385,
  };
};
const answer: EquipmentDashboard = {
  filters: { contract: 1, range: 'week' } as EquipmentDashboard['filters'],
  lastObservation: { date: '2026-03-09', time: '14:15' },
  generatedAt: '2026-11-23T12:00:00.000Z',
  equipment: [
    machine(3, 'Grua torre 1', 'Locaguindastes', 700, 250, 50),
    machine(1, 'Betoneira 400 L com nome bem comprido', 'Concremix', 300, 200, 100),
    machine(2, 'Elevador de carga', 'Elevasul', 40, 30, 30),
  ],
  // Concremix rents two machines: it leads by count, not per machine.
  topCompanies: [
    { company: 'Concremix', machines: 2, occurrences: 300, perMachine: 150 },
    { company: 'Locaguindastes', machines: 1, occurrences: 200, perMachine: 200 },
    { company: 'Elevasul', machines: 1, occurrences: 60, perMachine: 60 },
  ],
  topCompaniesPerMachine: [
    { company: 'Locaguindastes', machines: 1, occurrences: 200, perMachine: 200 },
    { company: 'Concremix', machines: 2, occurrences: 300, perMachine: 150 },
    { company: 'Elevasul', machines: 1, occurrences: 60, perMachine: 60 },
  ],
  observations: 1700,
  working: 1040,
  utilization: 1040 / 1700,
  evolution: [
    { bucket: '2026-11-02', working: 600, idle: 300, down: 100, observations: 1000, utilization: 0.6 },
    { bucket: '2026-11-09', working: 440, idle: 180, down: 80, observations: 700, utilization: 440 / 700 },
  ],
  annotations: [RAIN],
};

setUpTranslations();

describe('the Equipment dashboard', () => {
  it('writes the observations in pt-BR and en-US', async () => {
    const { unmount } = render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-observations-value')).toHaveTextContent('1.700');
    expect(screen.getByTestId('kpi-machines-value')).toHaveTextContent('3');
    await drawn<Drawn>('chart-equipment');
    unmount();
    await i18n.changeLanguage('en-US');
    render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-observations-value')).toHaveTextContent('1,700');
    expect(screen.getByRole('heading', { level: 2, name: 'Equipment utilization' })).toBeInTheDocument();
    await drawn<Drawn>('chart-equipment');
  });

  it('stacks working, idle and down per machine in the server’s order, the numbers of its table', async () => {
    render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    const table = dashboardTable('equipment', answer, 'equipment');
    const { series, options } = await drawn<Drawn>('chart-equipment');
    expect(series.map((item) => item.name)).toEqual(['Operando', 'Parado', 'Quebrado']);
    expect(series[0]!.data).toEqual(table.rows.map((row) => row.working));
    expect(series[1]!.data).toEqual(table.rows.map((row) => row.idle));
    expect(series[2]!.data).toEqual(table.rows.map((row) => row.down));
    expect(options.xaxis?.categories).toEqual(answer.equipment.map((item) => item.name));
    expect(options.chart).toMatchObject({ stacked: true, stackType: '100%' });
    expect(options.colors).toEqual([CLASS_COLOURS.valueAdding, CLASS_COLOURS.hiddenWaste, CLASS_COLOURS.evidentWaste]);

    const rows = within(screen.getByTestId('table-equipment')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(options.xaxis?.categories);
    expect(rows[0]!.textContent?.replace(/\s/g, '')).toBe('Gruatorre1Locaguindastes700250501.00070,0%Não');
    expect(within(rows[2]!).getByTestId('low-confidence')).toBeInTheDocument();
    // Under the chart: how many machines rest on fewer than 385 observations.
    expect(screen.getByTestId('equipment-low-sample')).toHaveTextContent(
      '1 de 3 equipamentos com menos de 385 observações no período.',
    );
  });

  it('draws the top 5 companies by occurrences from their table, or per machine when switched', async () => {
    render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    const table = dashboardTable('equipment', answer, 'topCompanies');
    const { series, options } = await drawn<Drawn>('chart-topCompanies');
    expect(series).toEqual([{ name: 'Ocorrências', data: table.rows.map((row) => row.occurrences) }]);
    expect(options.xaxis?.categories).toEqual(['Concremix', 'Locaguindastes', 'Elevasul']);
    expect(screen.getByRole('heading', { level: 2, name: 'Empresas com mais ocorrências' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Por máquina' }));
    const perMachine = dashboardTable('equipment', answer, 'topCompaniesPerMachine');
    await waitFor(async () =>
      expect((await drawn<Drawn>('chart-topCompanies')).options.xaxis?.categories).toEqual([
        'Locaguindastes',
        'Concremix',
        'Elevasul',
      ]),
    );
    expect((await drawn<Drawn>('chart-topCompanies')).series).toEqual([
      { name: 'Ocorrências por máquina', data: perMachine.rows.map((row) => row.perMachine) },
    ]);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Empresas com mais ocorrências por máquina' }),
    ).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByTestId('card-topCompaniesPerMachine')).getByRole('button', { name: /Ver valores/ }),
    );
    const rows = within(screen.getByTestId('table-topCompaniesPerMachine')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Locaguindastes1200200,00',
      'Concremix2300150,00',
      'Elevasul16060,00',
    ]);
  });

  it('gives the overall utilization: working observations of all, with the sample', async () => {
    render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-utilization-value')).toHaveTextContent(/^61,2\s?%$/);
    expect(screen.getByTestId('kpi-utilization')).toHaveTextContent('1.040 de 1.700 observações operando');
    expect(within(screen.getByTestId('kpi-utilization')).queryByTestId('low-confidence')).toBeNull();
    await drawn<Drawn>('chart-equipment');
  });

  it('draws the utilization per bucket of the range from its table', async () => {
    render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    const { series, options } = await drawn<Drawn>('chart-utilizationByPeriod');
    expect(series).toEqual([{ name: 'Utilização', data: [0.6, 440 / 700] }]);
    expect(options.xaxis?.categories).toEqual(['02/11/2026', '09/11/2026']);
    expect(screen.getByRole('heading', { level: 2, name: 'Utilização por período' })).toBeInTheDocument();
  });

  it('says the function and occurrence filters change nothing here, only when one is set', async () => {
    const { unmount } = render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.queryByTestId('equipment-filters-ignored')).not.toBeInTheDocument();
    await drawn<Drawn>('chart-equipment');
    unmount();
    render(<EquipmentView answer={{ ...answer, filters: { ...answer.filters, occurrence: 9 } }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByTestId('equipment-filters-ignored')).toHaveTextContent(
      'Os filtros de função e de ocorrência não se aplicam aos equipamentos',
    );
    await drawn<Drawn>('chart-equipment');
  });
});

describe('the Equipment page', () => {
  setUpFakeServer();

  it('offers the range type, sent with the filters: the utilization has a time axis', async () => {
    harness.answers.set('equipment', [() => json(answer)]);
    renderAt('/?contract=1&from=2026-11-01&to=2026-11-20&range=day', <EquipmentPage />);
    await screen.findByTestId('dashboard-equipment');
    expect(screen.getByLabelText('Agrupar por')).toBeInTheDocument();
    const asked = harness.calls.find((call) => call.url.pathname === '/api/dashboards/equipment');
    expect(asked!.url.searchParams.get('range')).toBe('day');
    // Equipment counts machines, not people's hours: no HH note.
    expect(screen.queryByTestId('hh-note')).not.toBeInTheDocument();
  });
});

describe('drill-down', () => {
  it("a machine's idle part opens the equipment list with that machine and class", async () => {
    renderAt('/dash/equipment?contract=1&from=2026-11-01', <EquipmentView answer={answer} />);
    const options = await drawnLive<{
      chart: { events: { dataPointSelection: (e: unknown, c: unknown, at: object) => void } };
    }>('chart-equipment');
    // The second machine in the server's order (Betoneira, id 1), its idle segment (series 1).
    act(() => options.chart.events.dataPointSelection(null, null, { seriesIndex: 1, dataPointIndex: 1 }));
    expect(harness.location?.pathname).toBe('/dash/equipment-report');
    expect(Object.fromEntries(new URLSearchParams(harness.location?.search))).toEqual({
      contract: '1',
      from: '2026-11-01',
      equipment: '1',
      classification: 'idle',
    });
  });
  it("marks the contract's annotations on the utilization by period", async () => {
    render(<EquipmentView answer={answer} />, { wrapper: MemoryRouter });
    const chart = await drawn<{
      series: unknown;
      options: { xaxis: { categories: string[] }; annotations: { xaxis: { x: string; label: { text: string } }[] } };
    }>('chart-utilizationByPeriod');
    // 10–11 November: in the week of the 9th, the second bucket.
    expect(chart.options.annotations.xaxis.map((mark) => [mark.x, mark.label.text])).toEqual([
      [chart.options.xaxis.categories[1], RAIN.label],
    ]);
  });
});
