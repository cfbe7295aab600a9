import { act, screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { PRINTING_CLASS, i18n } from '@canteiro/shared/core';
import type { FigureTable, RoutineDashboard } from '@canteiro/shared/domain';
import { DashboardScreen, FigureTableView, dataUntilText, printEvents } from '../kit/dashboards';
import { serve } from '../../../shared/test/network';
import { fakeServer, harness, json, renderAt, routine, setUpDashboardTests } from './dashboard-kit.harness';

/**
 * "Dados até" beside a dashboard's title and its print header (docs/frontend.md, "Printing"):
 * the answer's last observation as the site's clock wrote it, in each language, and the filters
 * the answer was computed for in words, the contract with its work and base.
 */

setUpDashboardTests();

const FILTERED: RoutineDashboard = {
  ...routine,
  filters: {
    contract: 1,
    from: '2026-03-01',
    to: '2026-03-10',
    fromTime: '07:00',
    toTime: '17:00',
    weekdays: { first: 1, last: 5 },
    function: 3,
    occurrence: 5,
    range: 'week',
  },
  lastObservation: { date: '2026-03-09', time: '14:15' },
};

function serveNames(): void {
  serve((request) => {
    const path = new URL(request.url).pathname;
    harness.calls.push({ url: new URL(request.url), method: request.method, body: '' });
    if (path === '/api/contracts/1')
      return Promise.resolve(json({ id: 1, name: 'Contrato Alfa', workName: 'Obra Centro', baseName: 'Base Sul' }));
    if (path === '/api/functions/options') return Promise.resolve(json([{ id: 3, name: 'Pedreiro' }]));
    if (path === '/api/occurrences/options') return Promise.resolve(json([{ id: 5, name: 'Aguardando material' }]));
    return fakeServer(request);
  });
}

const renderScreen = (answer: RoutineDashboard) => {
  harness.answers.set('routine', [() => json(answer)]);
  serveNames();
  return renderAt(
    '/?contract=1&from=2026-03-01&to=2026-03-10',
    <DashboardScreen name="routine" titleKey="dash:routes.routine.title" isEmpty={() => false}>
      {() => <p>figuras</p>}
    </DashboardScreen>,
  );
};

describe('Dados até', () => {
  it('is the last observation on the site clock, by each language', () => {
    const pt = i18n.getFixedT('pt-BR') as TFunction;
    const en = i18n.getFixedT('en-US') as TFunction;
    const at = (time: string) => ({ date: '2026-11-25', time });
    expect(dataUntilText(at('16:37'), 'pt-BR', pt)).toBe('Dados até 25/11 16:37');
    expect(dataUntilText(at('16:37'), 'en-US', en)).toBe('Data up to 11/25 4:37 PM');
    expect(dataUntilText(at('00:05'), 'en-US', en)).toBe('Data up to 11/25 12:05 AM');
    expect(dataUntilText(at('12:00'), 'en-US', en)).toBe('Data up to 11/25 12:00 PM');
    expect(dataUntilText(at('09:03'), 'pt-BR', pt)).toBe('Dados até 25/11 09:03');
    expect(dataUntilText(null, 'pt-BR', pt)).toBeNull();
  });

  it('is shown beside the title, in pt-BR and en-US, and not without data', async () => {
    renderScreen(FILTERED);
    expect(await screen.findByTestId('data-until')).toHaveTextContent('Dados até 09/03 14:15');
    await act(() => i18n.changeLanguage('en-US'));
    expect(screen.getByTestId('data-until')).toHaveTextContent('Data up to 03/09 2:15 PM');
  });

  it('is absent when the filters hold no observation', async () => {
    renderScreen({ ...FILTERED, lastObservation: null });
    await screen.findByText('figuras');
    expect(screen.queryByTestId('data-until')).not.toBeInTheDocument();
  });
});

describe('the print header', () => {
  it('names the dashboard, the contract with its work and base, the filters in words and "Dados até"', async () => {
    renderScreen(FILTERED);
    const header = await screen.findByTestId('print-header');
    expect(header).toHaveClass('canteiro-print-only');
    expect(header).toHaveTextContent('Rotina');
    expect(header).toHaveTextContent('Dados até 09/03 14:15');
    expect(await within(header).findByText('Contratada: Contrato Alfa (Obra Centro · Base Sul)')).toBeInTheDocument();
    expect(await within(header).findByText(/Função: Pedreiro/)).toHaveTextContent(
      'Data inicial: 01/03/2026 · Data final: 10/03/2026 · Hora inicial: 07:00 · Hora final: 17:00 · ' +
        'Dias da semana: Segunda a Sexta · Função: Pedreiro · Ocorrência: Aguardando material',
    );
    // The dimensions' names come from the options lists the selects load: never a record the user may
    // not read (a 403 ends the session).
    expect(harness.calls.map((call) => call.url.pathname)).not.toContain('/api/occurrences/5');
    expect(harness.calls.map((call) => call.url.pathname)).not.toContain('/api/functions/3');
    await act(() => i18n.changeLanguage('en-US'));
    expect(header).toHaveTextContent('Data up to 03/09 2:15 PM');
    expect(header).toHaveTextContent('From date: 03/01/2026 · To date: 03/10/2026');
  });
});

describe('printing', () => {
  const rows = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, name: `Linha ${index + 1}` }));
  const table: FigureTable = { key: 'functions', columns: [{ key: 'name', format: 'text' }], rows };

  afterEach(() => act(() => printEvents.setPrinting(false)));

  it('puts the page in its printed layout and every row of a table on paper, and back', async () => {
    renderAt('/', <FigureTableView table={table} />);
    expect(screen.getAllByRole('row')).toHaveLength(1 + 10);
    act(() => printEvents.setPrinting(true));
    expect(document.documentElement).toHaveClass(PRINTING_CLASS);
    expect(screen.getAllByRole('row')).toHaveLength(1 + 25);
    act(() => printEvents.setPrinting(false));
    expect(document.documentElement).not.toHaveClass(PRINTING_CLASS);
    expect(screen.getAllByRole('row')).toHaveLength(1 + 10);
  });
});
