import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { useSession } from '@canteiro/shared/core';
import { pageStart, startLogin } from '../login-start';
import { contractUser as user } from '../../__tests__/session-users';
import { serve } from '../../../../shared/test/network';
import '../../i18n/register';

// The shell, as a module whose hand-over is recorded: where the page was when it took over.
// What was drawn ahead, hidden, and whether it is still there.
const mockMounts: string[] = [];
const mockAhead = { drawn: 0, removed: 0 };
jest.mock('../mount', () => ({
  mountApp: () => mockMounts.push(`${window.location.pathname} ${JSON.stringify(window.history.state?.usr ?? null)}`),
  drawAhead: () => {
    mockAhead.drawn += 1;
    return () => (mockAhead.removed += 1);
  },
}));

// Home's chunk, asked for beside the sign-in (its real module is the whole of home).
let mockHomeAsked = 0;
jest.mock('../home-chunk', () => ({
  loadHome: () => {
    mockHomeAsked += 1;
    return Promise.resolve(() => null);
  },
  loadedHomeControls: () => () => null,
}));

let root: Root;
function start() {
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => startLogin(root));
}

describe("the login page's start (docs/frontend.md, 'Start path')", () => {
  beforeEach(() => {
    mockMounts.length = 0;
    Object.assign(mockAhead, { drawn: 0, removed: 0 });
    // jsdom's window is 1024 px wide: under the small-screen block's 1064.
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.history.replaceState(null, '', '/login');
  });
  afterEach(() => {
    act(() => root.unmount());
    act(() => useSession.setState({ token: null, user: null }));
  });

  it('draws the form alone, and hands the page to the shell after the sign-in, at home', async () => {
    serve((request) =>
      new URL(request.url).pathname === '/api/health/live'
        ? new Response(null, { status: 204 })
        : Response.json({ token: 'token-1', user }),
    );
    start();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Entrar no Canteiro');
    expect(document.title).toBe('Entrar · Canteiro');
    expect(mockMounts).toEqual([]);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'fernanda@canteiro.test' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(mockMounts).toEqual(['/home null']));
    expect(mockHomeAsked).toBeGreaterThan(0);
    expect(useSession.getState().token).toBe('token-1');
  });

  it('goes back to the page a guard sent the person from, kept in the history entry', async () => {
    window.history.replaceState({ usr: { from: '/admin/base' }, key: 'k', idx: 0 }, '', '/login');
    serve((request) =>
      new URL(request.url).pathname === '/api/health/live'
        ? new Response(null, { status: 204 })
        : Response.json({ token: 'token-1', user }),
    );
    start();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'fernanda@canteiro.test' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(mockMounts).toEqual(['/admin/base null']));
  });

  it('hands over at once to a visitor already signed in, at home (where the guard sends them)', async () => {
    act(() => useSession.getState().signIn('token-1', user));
    start();
    await waitFor(() => expect(mockMounts).toEqual(['/home null']));
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });

  it('hands over on a narrow window (the shell blocks it, spec §1)', async () => {
    start();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(mockMounts).toEqual([]);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1063 });
    act(() => void window.dispatchEvent(new Event('resize')));
    await waitFor(() => expect(mockMounts).toEqual(['/login null']));
  });

  it("draws home's controls ahead, hidden, once the person starts on the form, and removes them after the hand-over", async () => {
    jest.useFakeTimers();
    try {
      serve((request) =>
        new URL(request.url).pathname === '/api/health/live'
          ? new Response(null, { status: 204 })
          : Response.json({ token: 'token-1', user }),
      );
      start();
      await act(async () => jest.advanceTimersByTime(5000));
      expect(mockAhead.drawn).toBe(0);
      fireEvent.focus(screen.getByLabelText('E-mail'));
      await act(async () => jest.advanceTimersByTime(0));
      expect(mockAhead).toEqual({ drawn: 1, removed: 0 });
      fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'fernanda@canteiro.test' } });
      fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'demo1234' } });
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      jest.useRealTimers();
      await waitFor(() => expect(mockMounts).toEqual(['/home null']));
      expect(mockAhead).toEqual({ drawn: 1, removed: 0 });
      await waitFor(() => expect(mockAhead.removed).toBe(1), { timeout: 3000 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves for the page by a page load when the shell’s files do not come, and asks for them again next time', async () => {
    const left: string[] = [];
    let fails = true;
    const loadShell = jest.fn(() =>
      fails
        ? Promise.reject(new Error('ChunkLoadError'))
        : Promise.resolve({ mountApp: () => mockMounts.push('shell'), drawAhead: () => () => undefined }),
    );
    const container = document.createElement('div');
    root = createRoot(container);
    const start = pageStart(root, { loadShell, leave: (to) => left.push(to) });
    await expect(start.prepare()).rejects.toThrow('ChunkLoadError');
    await start.handOver({ to: '/admin/base' });
    expect(left).toEqual(['/admin/base']);
    expect(mockMounts).toEqual([]);
    // Without a place to go (a narrow window), the form stays: nothing is left.
    await start.handOver();
    expect(left).toEqual(['/admin/base']);
    fails = false;
    await start.prepare();
    await start.handOver({ to: '/home' });
    expect(mockMounts).toEqual(['shell']);
    expect(window.location.pathname).toBe('/home');
  });
});
