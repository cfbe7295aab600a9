import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RoutineScreen } from '../features/routine/routine-screen';
import { parseEvents } from '../kit/dashboards/live-figures';
import {
  dashboardCalls,
  harness,
  json,
  liveEvent,
  renderAt,
  routine,
  setUpDashboardTests,
} from './dashboard-kit.harness';

/**
 * Live figures (docs/dashboards.md): a dashboard open while reports arrive says how many, and
 * redraws only when the reader asks.
 */
setUpDashboardTests();

const AT = '/?contract=1&from=2026-11-01&to=2026-11-20';

describe('live figures', () => {
  it('says how many observations arrived, never redraws by itself, and redraws on "atualizar"', async () => {
    harness.live = { controller: null };
    harness.answers.set('routine', [() => json(routine)]);
    renderAt(AT, <RoutineScreen />);
    await screen.findByTestId('dashboard-routine');
    await waitFor(() => expect(harness.live?.controller).not.toBeNull());
    expect(harness.liveOpened).toEqual(['1']);
    act(() => liveEvent('ready', { version: '10', observations: 0 }));
    expect(screen.queryByTestId('live-banner')).toBeNull();
    act(() => liveEvent('change', { version: '11', observations: 2 }));
    expect(await screen.findByTestId('live-count')).toHaveTextContent('2 novas observações');
    act(() => liveEvent('change', { version: '12', observations: 3 }));
    await waitFor(() => expect(screen.getByTestId('live-count')).toHaveTextContent('3 novas observações'));
    // Said in the live region; the figures stay as they were: one request so far.
    expect(screen.getByTestId('live-region')).toHaveAttribute('aria-live', 'polite');
    expect(dashboardCalls('routine')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('live-refresh'));
    await waitFor(() => expect(dashboardCalls('routine')).toHaveLength(2));
    expect(screen.queryByTestId('live-banner')).toBeNull();
    // Counted again from there: one more is one.
    act(() => liveEvent('change', { version: '13', observations: 4 }));
    expect(await screen.findByTestId('live-count')).toHaveTextContent('1 nova observação');
  });

  it('reads events split anywhere, and skips what is no event', () => {
    const first = parseEvents('retry: 3000\nevent: ready\ndata: {"version":"1","observations":0}\n\nevent: cha');
    expect(first.events).toEqual([{ event: 'ready', data: { version: '1', observations: 0 } }]);
    const second = parseEvents(`${first.rest}nge\ndata: {"version":"2","observations":5}\n\n: keep-alive\n\n`);
    expect(second.events).toEqual([{ event: 'change', data: { version: '2', observations: 5 } }]);
    expect(second.rest).toBe('');
    expect(parseEvents('event: change\ndata: {not json\n\n').events).toEqual([]);
  });
});
