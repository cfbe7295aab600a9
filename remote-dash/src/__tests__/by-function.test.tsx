import { MemoryRouter } from 'react-router-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import { dashboardTable } from '@canteiro/shared/domain';
import type { ByFunctionDashboard } from '@canteiro/shared/domain';
import { ByFunctionView } from '../features/by-function/by-function-view';
import { CLASS_COLOURS } from '../kit/dashboards/class-colours';
import { classes, drawn, harness, json, renderAt, setUpFakeServer, setUpTranslations } from './dashboard-kit.harness';
import ByFunctionPage from '../pages/by-function-page';

/**
 * "By function": the headline figures in the language's format, the top occurrences
 * as a Pareto coloured by class, the functions ranked by the index the user picks — each chart
 * plotting exactly the numbers of the table under it. apexcharts draws nothing under jsdom: it
 * is replaced by an element carrying what it was given.
 */

interface Drawn {
  series: {
    name: string;
    type?: string;
    data: (number | null | { x: string; y: number | null; fillColor?: string })[];
  }[];
  options: {
    colors?: string[];
    xaxis?: { categories?: string[] };
    yaxis?: { min?: number; max?: number; opposite?: boolean }[];
  };
}
const ys = (data: Drawn['series'][number]['data']) =>
  data.map((point) => (point !== null && typeof point === 'object' ? point.y : point));

// 3 835 workers seen in 980 registers, 1 917,5 HH; 3,75 people per (report time, local).
const answer: ByFunctionDashboard = {
  filters: { contract: 1, range: 'week' } as ByFunctionDashboard['filters'],
  lastObservation: { date: '2026-03-09', time: '14:15' },
  generatedAt: '2026-11-23T12:00:00.000Z',
  totals: classes(843.7, 575.3, 498.5, 3835, 980),
  totalHh: 1917.5,
  totalPeople: 3835,
  registers: 980,
  averagePeoplePerLocal: 3.75,
  // The losses' Pareto: 600 + 517,5 = 1 117,5 loss HH.
  topOccurrences: [
    {
      id: 9,
      name: 'Aguardando material',
      classification: 'evident_waste',
      hh: 600,
      workers: 1200,
      share: 0.3129,
      interval: null,
      cumulativeShare: 0.5369,
    },
    {
      id: 4,
      name: 'Transporte de material',
      classification: 'hidden_waste',
      hh: 517.5,
      workers: 1035,
      share: 0.2699,
      interval: null,
      cumulativeShare: 1,
    },
  ],
  valueAddingOccurrences: [
    { id: 1, name: 'Execução do serviço', hh: 800, workers: 1600, share: 0.4172, interval: null },
  ],
  functions: [
    { id: 11, name: 'Carpinteiro', ...classes(600, 200, 200, 2000, 500) },
    { id: 12, name: 'Armador', ...classes(200, 250, 50, 1000, 300) },
    { id: 13, name: 'Servente de obra com nome bem comprido', ...classes(43.7, 125.3, 248.5, 835 - 500, 180) },
  ],
};

setUpTranslations();

describe('the By function dashboard', () => {
  it('writes the headline figures in pt-BR, the registers with their sample and low-confidence mark', async () => {
    render(<ByFunctionView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-totalHh-value')).toHaveTextContent('1.917,5');
    expect(screen.getByTestId('kpi-averagePeoplePerLocal-value')).toHaveTextContent('3,75');
    expect(screen.getByTestId('kpi-totalPeople-value')).toHaveTextContent('3.835');
    expect(screen.getByTestId('kpi-registers-value')).toHaveTextContent('980');
    expect(screen.getByTestId('kpi-registers')).toHaveTextContent('Amostra: 3.835 observações');
    expect(within(screen.getByTestId('kpi-registers')).queryByTestId('low-confidence')).not.toBeInTheDocument();
    await drawn<Drawn>('chart-topOccurrences');
  });

  it('marks the registers low-confidence under 385 observations', async () => {
    render(<ByFunctionView answer={{ ...answer, totals: { ...answer.totals, workers: 200, lowConfidence: true } }} />, {
      wrapper: MemoryRouter,
    });
    expect(within(screen.getByTestId('kpi-registers')).getByTestId('low-confidence')).toHaveTextContent(
      'Baixa confiança',
    );
    await drawn<Drawn>('chart-topOccurrences');
  });

  it('writes them in en-US too', async () => {
    await i18n.changeLanguage('en-US');
    render(<ByFunctionView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-totalHh-value')).toHaveTextContent('1,917.5');
    expect(screen.getByTestId('kpi-totalPeople-value')).toHaveTextContent('3,835');
    expect(screen.getByRole('heading', { level: 2, name: 'Losses by occurrence (Pareto)' })).toBeInTheDocument();
    await drawn<Drawn>('chart-topOccurrences');
  });

  it('draws the Pareto of losses from its table: HH bars in the class colours, the running share of losses on a 0–100 % axis', async () => {
    render(<ByFunctionView answer={answer} />, { wrapper: MemoryRouter });
    const table = dashboardTable('by-function', answer, 'topOccurrences');
    const { series, options } = await drawn<Drawn>('chart-topOccurrences');
    expect(series.map((item) => [item.name, item.type])).toEqual([
      ['HH', 'column'],
      ['Participação acumulada nas perdas', 'line'],
    ]);
    expect(ys(series[0]!.data)).toEqual(table.rows.map((row) => row.hh));
    expect(ys(series[1]!.data)).toEqual(table.rows.map((row) => row.cumulativeShare));
    expect(series[0]!.data.map((point) => (point as { fillColor: string }).fillColor)).toEqual([
      CLASS_COLOURS.evidentWaste,
      CLASS_COLOURS.hiddenWaste,
    ]);
    expect(series[0]!.data.map((point) => (point as { x: string }).x)).toEqual(
      answer.topOccurrences.map((item) => item.name),
    );
    expect(options.yaxis?.[1]).toMatchObject({ min: 0, max: 1, opposite: true });
    // The table under it, in the same order and the same numbers as the language writes them.
    fireEvent.click(within(screen.getByTestId('card-topOccurrences')).getByRole('button', { name: /Ver valores/ }));
    const rows = within(screen.getByTestId('table-topOccurrences')).getAllByRole('row').slice(1);
    // (Spaces dropped: ICU versions differ on the one before '%'.)
    expect(rows.map((row) => row.textContent?.replace(/\s/g, ''))).toEqual([
      'AguardandomaterialPerdaevidente600,01.20031,3%53,7%',
      'TransportedematerialPerdaoculta517,51.03527,0%100,0%',
    ]);
    // The legend names the losses' classes only.
    expect(within(screen.getByRole('list', { name: 'Legenda' })).queryByText('Agrega valor')).toBeNull();
  });

  it('gives the value-adding work apart from the Pareto: a sentence over it and its own table', async () => {
    render(<ByFunctionView answer={answer} />, { wrapper: MemoryRouter });
    await drawn<Drawn>('chart-topOccurrences');
    expect(within(screen.getByTestId('card-topOccurrences')).getByTestId('value-adding-apart')).toHaveTextContent(
      /^Fora do Pareto das perdas, agrega valor: Execução do serviço, 800,0 HH \(41,7\s?% do HH\)\.$/,
    );
    const rows = within(screen.getByTestId('table-valueAddingOccurrences')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.replace(/\s/g, ''))).toEqual(['Execuçãodoserviço800,01.60041,7%']);
  });

  it('ranks the functions by the index chosen, chart and table in the same order', async () => {
    render(<ByFunctionView answer={answer} />, { wrapper: MemoryRouter });
    const items = () => within(screen.getByTestId('chart-functions')).getAllByTestId('rank-item');
    const itemNames = () => items().map((item) => item.getAttribute('aria-label')!.split(':')[0]);
    // By value-adding (the server's order): each function's share, interval and observations.
    expect(itemNames()).toEqual(['Carpinteiro', 'Armador', 'Servente de obra com nome bem comprido']);
    expect(items()[0]!.getAttribute('aria-label')).toMatch(
      /^Carpinteiro: 60,0%, intervalo de 95 % de \d+,\d% a \d+,\d%, 2\.000 observações$/,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Perda evidente' }));
    // Evident waste: Servente 59,5 %, Carpinteiro 20 %, Armador 10 %.
    await waitFor(() =>
      expect(itemNames()).toEqual(['Servente de obra com nome bem comprido', 'Carpinteiro', 'Armador']),
    );
    expect(items()[0]!.getAttribute('aria-label')).toMatch(/^Servente de obra com nome bem comprido: 59,5%/);
    // The evident-waste colour.
    const [red, green, blue] = [1, 3, 5].map((at) => parseInt(CLASS_COLOURS.evidentWaste.slice(at, at + 2), 16));
    expect(items()[0]!.innerHTML).toContain(`background: rgb(${red}, ${green}, ${blue})`);

    // Open under the chart: no toggle.
    expect(within(screen.getByTestId('card-functions')).queryByRole('button', { name: /Ver valores/ })).toBeNull();
    const table = screen.getByTestId('table-functions');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(names).toEqual(itemNames());
    // The registers and the low-confidence mark of the function with 335 observations.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('180');
    expect(within(within(table).getAllByRole('row')[1]!).getByTestId('low-confidence')).toBeInTheDocument();
  });
});

describe('the By function page', () => {
  setUpFakeServer();
  const answerWith = (body: ByFunctionDashboard) => harness.answers.set('by-function', [() => json(body)]);
  const ENTRY = '/?contract=1&from=2026-11-01&to=2026-11-20';

  it('shows the answer of /api/dashboards/by-function under the header', async () => {
    answerWith(answer);
    renderAt(ENTRY, <ByFunctionPage />);
    expect(await screen.findByTestId('dashboard-by-function')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Por função' })).toBeInTheDocument();
    expect(screen.getByTestId('kpi-totalHh-value')).toHaveTextContent('1.917,5');
    expect(within(screen.getByTestId('chart-functions')).getAllByTestId('rank-item')).toHaveLength(3);
  });

  it('says there is nothing for these filters when no register matched', async () => {
    answerWith({
      ...answer,
      registers: 0,
      totalHh: 0,
      totalPeople: 0,
      topOccurrences: [],
      valueAddingOccurrences: [],
      functions: [],
    });
    renderAt(ENTRY, <ByFunctionPage />);
    expect(await screen.findByTestId('no-data')).toHaveTextContent('Nenhum dado para estes filtros.');
    expect(screen.queryByTestId('dashboard-by-function')).not.toBeInTheDocument();
  });
});
