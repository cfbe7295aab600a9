import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useUrlState } from '../use-url-state';

const schema = { from: { kind: 'date' } } as const;
type Update = ReturnType<typeof useUrlState<typeof schema>>[1];
type After = ReturnType<typeof useUrlState<typeof schema>>[2];

let update: Update = () => undefined;
let after: After = () => ({ from: '' });
let state: ReturnType<typeof useUrlState<typeof schema>>[0] = { from: '' };
let navigate: (to: string) => void = () => undefined;

function Dashboard() {
  [state, update, after] = useUrlState(schema);
  return <p>dashboard</p>;
}

function Where() {
  const location = useLocation();
  navigate = useNavigate();
  return <output>{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dash/health" element={<Dashboard />} />
        <Route path="/dash/routine" element={<p>routine</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe("a screen's own URL choices", () => {
  it('land while the person is on the screen', () => {
    renderAt('/dash/health');
    act(() => update({ from: '2026-11-02' }, { replace: true }));
    expect(screen.getByRole('status')).toHaveTextContent('/dash/health?from=2026-11-02');
  });

  it('are dropped once the person has gone to another screen: a late default never pulls them back', () => {
    renderAt('/dash/health');
    const late = update;
    act(() => navigate('/dash/routine'));
    act(() => late({ from: '2026-11-02' }, { replace: true }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\/dash\/routine$/);
    expect(screen.getByText('routine')).toBeInTheDocument();
  });

  it("are dropped too when they are the person's own, late: a search whose pause ran out after a menu click", () => {
    renderAt('/dash/health');
    act(() => update({ from: '2026-11-02' }));
    expect(screen.getByRole('status')).toHaveTextContent('/dash/health?from=2026-11-02');
    const typed = update;
    act(() => navigate('/dash/routine'));
    act(() => typed({ from: '2026-11-09' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\/dash\/routine$/);
  });

  it('are known before they are written: `after` gives the state the same change then writes', () => {
    renderAt('/dash/health?from=2026-11-02');
    const expected = after({ from: '2026-11-09' });
    expect(expected).toEqual({ from: '2026-11-09' });
    expect(state).toEqual({ from: '2026-11-02' });
    act(() => update({ from: '2026-11-09' }));
    expect(state).toEqual(expected);
    // A value the schema refuses is its default there as in the URL.
    expect(after({ from: 'not a date' as never })).toEqual({ from: '' });
  });
});
