import { act, render } from '@testing-library/react';
import { useSession } from '@canteiro/shared/core';
import { PrefetchShell } from '../app';
import { contractUser as user } from '../../__tests__/session-users';

// The modules' shell, as a module whose evaluation is counted: evaluated = fetched.
let mockShellLoads = 0;
jest.mock('../module-outlet', () => {
  mockShellLoads += 1;
  return { ModuleOutlet: () => null };
});

describe("the modules' shell after the sign-in (docs/frontend.md, 'Start path')", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    act(() => useSession.setState({ token: null, user: null }));
  });

  it('is fetched once the page is idle, not beside home’s first render', async () => {
    render(<PrefetchShell />);
    act(() => useSession.getState().signIn('token', user));
    await act(async () => Promise.resolve());
    expect(mockShellLoads).toBe(0);
    await act(async () => {
      jest.advanceTimersByTime(2000);
      await Promise.resolve();
    });
    expect(mockShellLoads).toBe(1);
  });
});
