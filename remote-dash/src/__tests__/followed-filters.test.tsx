import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { presetDays } from '@canteiro/shared/domain';
import { RoutineScreen } from '../features/routine/routine-screen';
import { localToday } from '../kit/header/header-state';
import { dashboardCalls, harness, json, renderAt, routine, setUpDashboardTests } from './dashboard-kit.harness';

/**
 * Filters that follow the user (docs/dashboards.md): one state per contract across the module's
 * screens, chips for the active filters, relative periods that stay relative, and the contract
 * kept on the server for every device.
 */
setUpDashboardTests();

const searchOf = () => Object.fromEntries(new URLSearchParams(harness.location!.search));
const sent = () => Object.fromEntries(dashboardCalls('routine').at(-1)!.url.searchParams);
const show = (entry: string) => {
  harness.answers.set('routine', [() => json(routine)]);
  return renderAt(entry, <RoutineScreen />);
};

describe('filters that follow the user', () => {
  it('shows each active filter as a chip that removes it alone, and "Limpar filtros" clears them all', async () => {
    show(
      '/?contract=1&from=2026-11-02&to=2026-11-08&function=2&fromTime=07:00&weekdays=1-5&classification=hidden_waste',
    );
    const chips = await screen.findByTestId('filter-chips');
    await waitFor(() =>
      expect(within(chips).getByTestId('filter-chip-function')).toHaveTextContent('Função: functions 2'),
    );
    expect(within(chips).getByTestId('filter-chip-fromTime')).toHaveTextContent('Hora inicial: 07:00');
    expect(within(chips).getByTestId('filter-chip-weekdays')).toHaveTextContent(/segunda.*sexta/i);
    expect(within(chips).getByTestId('filter-chip-classification')).toHaveTextContent('Perda oculta');
    // The dates are in their inputs, not chips.
    expect(within(chips).queryByTestId('filter-chip-from')).toBeNull();
    // Each chip's button removes its filter, and only it.
    fireEvent.click(within(within(chips).getByTestId('filter-chip-function')).getByRole('button'));
    await waitFor(() =>
      expect(searchOf()).toEqual({
        contract: '1',
        from: '2026-11-02',
        to: '2026-11-08',
        fromTime: '07:00',
        weekdays: '1-5',
        classification: 'hidden_waste',
      }),
    );
    await waitFor(() => expect(sent()).not.toHaveProperty('function'));
    expect(
      within(screen.getByTestId('filter-chips')).getByRole('button', {
        name: /^Remover o filtro Hora inicial: 07:00$/,
      }),
    ).toBeInTheDocument();
    // All at once: the contract's default range back, nothing else.
    fireEvent.click(within(screen.getByTestId('filter-chips')).getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(searchOf()).toEqual({ contract: '1', from: '2026-10-26', to: '2026-11-22' }));
    expect(screen.queryByTestId('filter-chips')).toBeNull();
  });

  it('keeps a relative period relative: the link names it, the request carries its days of today', async () => {
    show('/?contract=1&period=last-4-weeks&function=1');
    const days = presetDays('last-4-weeks', localToday());
    await waitFor(() => expect(sent()).toMatchObject({ contract: '1', ...days, function: '1' }));
    expect(searchOf()).toEqual({ contract: '1', period: 'last-4-weeks', function: '1' });
    expect(await screen.findByTestId('filter-chip-period')).toHaveTextContent('Período: Últimas 4 semanas');
    // Choosing one from the header writes its name, never its days.
    fireEvent.mouseDown(screen.getByLabelText('Período'));
    fireEvent.click(await screen.findByTitle('Este mês'));
    await waitFor(() => expect(searchOf()).toEqual({ contract: '1', period: 'this-month', function: '1' }));
    await waitFor(() => expect(sent()).toMatchObject(presetDays('this-month', localToday())));
    // Removing the period keeps its days, fixed.
    fireEvent.click(within(screen.getByTestId('filter-chip-period')).getByRole('button'));
    await waitFor(() =>
      expect(searchOf()).toEqual({ contract: '1', ...presetDays('this-month', localToday()), function: '1' }),
    );
  });

  it("brings a contract's filters to another screen of the module and back to the contract", async () => {
    const first = show('/?contract=1&from=2026-11-02&to=2026-11-08&function=2');
    await waitFor(() => expect(dashboardCalls('routine')).toHaveLength(1));
    first.unmount();
    // The sidebar's link carries no query: the contract and its filters come back.
    show('/');
    await waitFor(() =>
      expect(searchOf()).toEqual({ contract: '1', from: '2026-11-02', to: '2026-11-08', function: '2' }),
    );
    await waitFor(() => expect(sent()).toMatchObject({ contract: '1', function: '2' }));
  });

  it('opens on the contract the server keeps for the user, and tells it the one chosen', async () => {
    harness.contracts = [
      { id: 1, name: 'Contrato Alfa' },
      { id: 2, name: 'Contrato Beta' },
    ];
    harness.lastContract = 2;
    show('/');
    await waitFor(() => expect(searchOf()).toMatchObject({ contract: '2' }));
    // The kept one is not written again.
    expect(harness.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    fireEvent.mouseDown(screen.getByLabelText('Contratada'));
    fireEvent.click(await screen.findByTitle('Contrato Alfa'));
    await waitFor(() => expect(harness.lastContract).toBe(1));
    expect(
      harness.calls.filter((call) => call.method === 'PUT').map((call) => [call.url.pathname, JSON.parse(call.body)]),
    ).toEqual([['/api/dashboards/last-contract', { contract: 1 }]]);
  });
});
