import { MemoryRouter } from 'react-router-dom';
import { act, render, screen, within } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import { dashboardTable } from '@canteiro/shared/domain';
import type { PerformanceDashboard } from '@canteiro/shared/domain';
import { CLASS_COLOURS } from '../kit/dashboards/class-colours';
import { PerformanceView, performanceIsEmpty } from '../features/performance/performance-view';
import { PLAN_COLOURS } from '../features/performance/productivity-chart';
import { drawn, drawnLive, harness, renderAt, setUpTranslations } from './dashboard-kit.harness';

/**
 * "Performance": activity status counts, productivity by package and by local against
 * the plan (a line at 1), the distribution of added value and each activity's RUP — each chart
 * plotting the numbers of the table under it.
 */

interface Drawn {
  type: string;
  series: { name: string; data: (number | null)[] }[] | number[];
  options: {
    colors?: string[];
    labels?: string[];
    xaxis?: { categories?: string[]; min?: number; max?: number };
    annotations?: { xaxis?: { x: number; label?: { text?: string } }[] };
  };
}

const answer: PerformanceDashboard = {
  filters: { contract: 1, range: 'week' } as PerformanceDashboard['filters'],
  lastObservation: { date: '2026-03-09', time: '14:15' },
  generatedAt: '2026-11-23T12:00:00.000Z',
  activities: [
    {
      id: 5,
      name: 'Forma de pilares',
      packageId: 1,
      localId: 7,
      unit: 'm²',
      hh: 405,
      produced: 500,
      plannedRup: 0.729,
      actualRup: 0.81,
      productivityIndex: 0.9,
    },
    {
      id: 6,
      name: 'Armação de vigas',
      packageId: 2,
      localId: 7,
      unit: 'kg',
      hh: 80,
      produced: 1250,
      plannedRup: 0.08,
      actualRup: 0.064,
      productivityIndex: 1.25,
    },
    {
      id: 8,
      name: 'Alvenaria do térreo',
      packageId: 2,
      localId: 8,
      unit: 'm²',
      hh: 12.5,
      produced: 0,
      plannedRup: 0.85,
      actualRup: null,
      productivityIndex: null,
    },
  ],
  byPackage: [
    { id: 1, name: 'Formas', hh: 405, plannedHh: 364.5, productivityIndex: 0.9 },
    { id: 2, name: 'Armação e alvenaria', hh: 80, plannedHh: 100, productivityIndex: 1.25 },
  ],
  byLocal: [{ id: 7, name: 'Pavimento 1', hh: 485, plannedHh: 464.5, productivityIndex: 0.9577 }],
  addedValue: {
    byPackage: [
      { id: 1, name: 'Formas', hh: 180, share: 0.72 },
      { id: 2, name: 'Armação e alvenaria', hh: 70, share: 0.28 },
    ],
    byLocal: [
      { id: 7, name: 'Pavimento 1', hh: 240, share: 0.96 },
      { id: 8, name: 'Térreo', hh: 10, share: 0.04 },
    ],
  },
  activityStatus: { finished: 12, late: 3, inTerm: 1250 },
};

setUpTranslations();

describe('the Performance dashboard', () => {
  it('counts the activities finished, late and in term, KPIs and donut from the same table', async () => {
    render(<PerformanceView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-finished')).toHaveTextContent('Concluídas12');
    expect(screen.getByTestId('kpi-late')).toHaveTextContent('Atrasadas3');
    expect(screen.getByTestId('kpi-inTerm')).toHaveTextContent('No prazo1.250');
    const { type, series, options } = await drawn<Drawn>('chart-activityStatus');
    expect(type).toBe('donut');
    expect(series).toEqual(dashboardTable('performance', answer, 'activityStatus').rows.map((row) => row.count));
    expect(options.labels).toEqual(['Concluídas', 'Atrasadas', 'No prazo']);
  });

  it('draws productivity by package and by local against the plan at 1', async () => {
    render(<PerformanceView answer={answer} />, { wrapper: MemoryRouter });
    for (const key of ['byPackage', 'byLocal'] as const) {
      const table = dashboardTable('performance', answer, key);
      const { series, options } = await drawn<Drawn>(`chart-${key}`);
      expect(series).toEqual([
        { name: 'Índice de produtividade', data: table.rows.map((row) => row.productivityIndex) },
      ]);
      expect(options.xaxis?.categories).toEqual(table.rows.map((row) => row.name));
      expect(options.annotations?.xaxis?.[0]).toMatchObject({ x: 1, label: { text: 'Plano = 1,00' } });
      // The axis reaches past the plan and the longest bar.
      expect(options.xaxis?.max).toBeGreaterThan(
        Math.max(1, ...table.rows.map((row) => Number(row.productivityIndex))),
      );
    }
  });

  it('draws the distribution of added value by package and by local from their tables', async () => {
    render(<PerformanceView answer={answer} />, { wrapper: MemoryRouter });
    for (const key of ['addedValueByPackage', 'addedValueByLocal'] as const) {
      const table = dashboardTable('performance', answer, key);
      const { series, options } = await drawn<Drawn>(`chart-${key}`);
      expect(series).toEqual([{ name: 'Participação', data: table.rows.map((row) => row.share) }]);
      expect(options.colors).toEqual([CLASS_COLOURS.valueAdding]);
    }
  });

  it('lists each activity’s planned and actual RUP in pt-BR, three significant digits and Hh per its unit', async () => {
    render(<PerformanceView answer={answer} />, { wrapper: MemoryRouter });
    const rows = within(screen.getByTestId('table-activities')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Forma de pilaresm²405,0500,000,729 Hh/m²0,810 Hh/m²0,90',
      'Armação de vigaskg80,01.250,000,0800 Hh/kg0,0640 Hh/kg1,25',
      'Alvenaria do térreom²12,50,000,850 Hh/m²',
    ]);
    await drawn<Drawn>('chart-byPackage');
  });

  it('colours each productivity bar by its side of the plan, in a pair deuteranopia keeps, and marks it ▲ or ▼', async () => {
    render(<PerformanceView answer={answer} />, { wrapper: MemoryRouter });
    const options = await drawnLive<{
      colors: ((point: { value: number }) => string)[];
      dataLabels: { formatter: (value: number) => string };
    }>('chart-byPackage');
    const colour = options.colors[0]!;
    expect([0.9, 1, 1.25].map((value) => colour({ value }))).toEqual([
      PLAN_COLOURS.worse,
      PLAN_COLOURS.better,
      PLAN_COLOURS.better,
    ]);
    expect([0.9, 1.25, 1].map((value) => options.dataLabels.formatter(value))).toEqual(['0,90 ▼', '1,25 ▲', '1,00 ▲']);
    // An index just off the plan never reads as the plan: it takes the decimals that tell them apart.
    expect([0.996, 1.004, 0.99996].map((value) => options.dataLabels.formatter(value))).toEqual([
      '0,996 ▼',
      '1,004 ▲',
      '0,9999 ▼',
    ]);
    const legend = within(screen.getByTestId('card-byPackage')).getByRole('list', { name: 'Legenda' });
    expect(legend).toHaveTextContent('▲No plano ou melhor (índice ≥ 1)▼Pior que o plano (índice < 1)');
  });

  it('writes the figures in en-US too', async () => {
    await i18n.changeLanguage('en-US');
    render(<PerformanceView answer={answer} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('kpi-inTerm')).toHaveTextContent('In term1,250');
    expect(within(screen.getByTestId('table-activities')).getAllByRole('row')[2]).toHaveTextContent(
      'Armação de vigaskg80.01,250.000.0800 Hh/kg0.0640 Hh/kg1.25',
    );
    const { options } = await drawn<Drawn>('chart-byPackage');
    expect(options.annotations?.xaxis?.[0]?.label?.text).toBe('Plan = 1.00');
  });

  it('says where nothing was produced, and is empty only with no row, no production and no activity', async () => {
    const idle = { ...answer, byPackage: [], byLocal: [], activities: [], addedValue: { byPackage: [], byLocal: [] } };
    render(<PerformanceView answer={idle} />, { wrapper: MemoryRouter });
    expect(within(screen.getByTestId('card-byPackage')).getByTestId('no-production')).toHaveTextContent(
      'Nenhuma produção apontada para estes filtros.',
    );
    // No value-adding HH is not "no production": the added value says there is no data.
    expect(within(screen.getByTestId('card-addedValueByPackage')).getByTestId('no-production')).toHaveTextContent(
      'Nenhum dado para estes filtros.',
    );
    expect(performanceIsEmpty(idle)).toBe(false);
    expect(performanceIsEmpty({ ...idle, activityStatus: { finished: 0, late: 0, inTerm: 0 } })).toBe(true);
    await drawn<Drawn>('chart-activityStatus');
  });
});

describe('drill-down', () => {
  it("a package's productivity opens its quantities; its added value, its value-adding rows", async () => {
    const at = () => renderAt('/dash/performance?contract=1', <PerformanceView answer={answer} />);
    const { unmount } = at();
    const open = async (testId: string) => {
      const options = await drawnLive<{
        chart: { events: { dataPointSelection: (e: unknown, c: unknown, at: object) => void } };
      }>(testId);
      act(() => options.chart.events.dataPointSelection(null, null, { seriesIndex: 0, dataPointIndex: 0 }));
      return {
        path: harness.location?.pathname,
        filters: Object.fromEntries(new URLSearchParams(harness.location?.search)),
      };
    };
    const firstPackage = String(answer.byPackage[0]!.id);
    expect(await open('chart-byPackage')).toEqual({
      path: '/dash/quantity-report',
      filters: { contract: '1', package: firstPackage },
    });
    // The dashboard again (the list replaced it in the app), then a local's added value.
    unmount();
    at();
    expect(await open('chart-addedValueByLocal')).toEqual({
      path: '/dash/activity-report',
      filters: { contract: '1', local: String(answer.addedValue.byLocal[0]!.id), classification: 'value_adding' },
    });
  });
});
