import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Portfolio, PortfolioContract } from '@canteiro/shared/domain';
import { FIRST_ROWS } from '../features/portfolio/portfolio';
import WelcomePage from '../pages/welcome-page';
import { harness, json, renderAt, setUpDashboardTests } from './dashboard-kit.harness';

/** The portfolio at /dash: every contract of the answer, grouped, sorted by its headers, each opening its project health. */
setUpDashboardTests();

const interval = { low: 0.4, high: 0.5, variance: 0.0006, effectiveSample: 400, designEffect: 3, lowConfidence: true };
const contract = (
  id: number,
  name: string,
  where: [number, string, number, string],
  figures: Partial<PortfolioContract>,
): PortfolioContract => ({
  id,
  name,
  base: { id: where[0], name: where[1] },
  work: { id: where[2], name: where[3] },
  valueAdding: null,
  interval: null,
  workers: 0,
  weeks: Array(8).fill(null) as null[],
  compliance: null,
  lastObservation: null,
  alerts: [],
  ...figures,
});
const CENTRO: [number, string, number, string] = [1, 'Base Sul', 10, 'Obra Centro'];
const PORTO: [number, string, number, string] = [1, 'Base Sul', 11, 'Obra Porto'];
const answer: Portfolio = {
  from: '2026-10-31',
  to: '2026-11-27',
  weeks: [
    '2026-10-05',
    '2026-10-12',
    '2026-10-19',
    '2026-10-26',
    '2026-11-02',
    '2026-11-09',
    '2026-11-16',
    '2026-11-23',
  ],
  generatedAt: '2026-11-27T12:00:00.000Z',
  contracts: [
    contract(3, 'Alvorada — Estrutura', CENTRO, {
      valueAdding: 0.45,
      interval,
      workers: 900,
      weeks: [null, null, 0.4, 0.42, 0.44, 0.45, 0.47, 0.46],
      compliance: 0.7,
      lastObservation: { date: '2026-11-26', time: '16:38' },
      alerts: ['compliance', 'evidentWaste'],
    }),
    contract(4, 'Fênix — Elétrica', CENTRO, {
      valueAdding: 0.6,
      interval: { ...interval, low: 0.55, high: 0.65, lowConfidence: false },
      workers: 2000,
      weeks: [0.6, 0.6, 0.61, 0.6, 0.59, 0.6, 0.6, 0.6],
      compliance: 0.95,
      lastObservation: { date: '2026-11-27', time: '09:10' },
    }),
    contract(5, 'Porto — Fundações', PORTO, {}),
  ],
};

describe('the portfolio', () => {
  it('lists every contract by base and work, with its figures in words and its link to project health', async () => {
    harness.answers.set('portfolio', [() => json(answer)]);
    renderAt('/dash', <WelcomePage />);
    expect(screen.getByTestId('module-welcome')).toHaveTextContent('Bem-vindo aos Dashboards');
    const table = await screen.findByTestId('portfolio');
    expect(table).toHaveTextContent('De 31/10 a 27/11 · 3 contratadas.');
    const groups = within(table).getAllByTestId('portfolio-group');
    expect(groups.map((group) => within(group).getAllByRole('columnheader')[0]?.textContent ?? '')).toEqual([
      'Base Sul › Obra Centro',
      'Base Sul › Obra Porto',
    ]);
    const [alvorada, fenix, porto] = within(table).getAllByTestId('portfolio-row');
    expect(alvorada).toHaveTextContent('45,0%IC 95 %: 40,0% a 50,0%Baixa confiança');
    expect(alvorada).toHaveTextContent('70,0%');
    expect(alvorada).toHaveTextContent('26/11/2026 16:38');
    expect(within(alvorada!).getByTestId('portfolio-alerts')).toHaveTextContent(
      'Aderência abaixo de 80 %Perda evidente em alta real',
    );
    expect(within(alvorada!).getByRole('img')).toHaveAccessibleName(
      'Agrega valor nas últimas 8 semanas: —, —, 40,0%, 42,0%, 44,0%, 45,0%, 47,0%, 46,0%',
    );
    expect(within(fenix!).getByTestId('portfolio-alerts')).toHaveTextContent('Nenhum');
    expect(porto).toHaveTextContent('Nenhuma');
    expect(within(alvorada!).getByRole('link', { name: 'Alvorada — Estrutura' })).toHaveAttribute(
      'href',
      '/dash/project-health?contract=3',
    );
  });

  it('sorts each group by the column header chosen', async () => {
    harness.answers.set('portfolio', [() => json(answer)]);
    renderAt('/dash', <WelcomePage />);
    const names = () =>
      within(screen.getAllByTestId('portfolio-group')[0]!)
        .getAllByTestId('portfolio-open')
        .map((link) => link.textContent);
    expect(await screen.findAllByTestId('portfolio-row')).toHaveLength(3);
    expect(names()).toEqual(['Alvorada — Estrutura', 'Fênix — Elétrica']);
    fireEvent.click(screen.getByTestId('portfolio-sort-valueAdding'));
    expect(names()).toEqual(['Fênix — Elétrica', 'Alvorada — Estrutura']);
    expect(screen.getByTestId('portfolio-sort-valueAdding').closest('th')).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByTestId('portfolio-sort-alerts'));
    expect(names()).toEqual(['Alvorada — Estrutura', 'Fênix — Elétrica']);
  });

  it('a single contract is not grouped', async () => {
    harness.answers.set('portfolio', [() => json({ ...answer, contracts: [answer.contracts[0]] })]);
    renderAt('/dash', <WelcomePage />);
    expect(await screen.findAllByTestId('portfolio-row')).toHaveLength(1);
    expect(screen.queryByText('Base Sul › Obra Centro')).toBeNull();
  });
  it('draws every row of a long portfolio, across its groups, the first ones before the others', async () => {
    // 130 contracts over 13 works: more than the first paint's rows.
    const many = Array.from({ length: 130 }, (_, index) =>
      contract(
        100 + index,
        `Contrato ${String(index).padStart(3, '0')}`,
        [1, 'Base Sul', 20 + (index % 13), `Obra ${index % 13}`],
        {},
      ),
    );
    harness.answers.set('portfolio', [() => json({ ...answer, contracts: many })]);
    renderAt('/dash', <WelcomePage />);
    await waitFor(() => expect(screen.getAllByTestId('portfolio-row')).toHaveLength(130));
    expect(screen.getAllByTestId('portfolio-group')).toHaveLength(13);
    expect(FIRST_ROWS).toBeLessThan(130);
  });
});
