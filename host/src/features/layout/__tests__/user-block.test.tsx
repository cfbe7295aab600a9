import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import { USER_PANEL_REVEAL_MS } from '@canteiro/shared/domain';
import { UserBlock } from '../user-block';

const user = {
  id: 1,
  email: 'diego@canteiro.test',
  username: 'diego',
  first_name: 'Diego Henrique Albuquerque',
  permission_set: { value: 'contract' as const, label: 'Contratada' },
};

describe('the user block (spec §2, §4)', () => {
  let signIns = 0;
  beforeEach(() => {
    jest.useFakeTimers();
    signIns += 1;
    useSession.getState().signIn(`token-${signIns}`, user);
  });
  afterEach(() => jest.useRealTimers());

  const renderBlock = () =>
    render(
      <MemoryRouter>
        <UserBlock />
      </MemoryRouter>,
    );

  it('shows a loading indicator first and the user panel about 300 ms later', () => {
    renderBlock();
    expect(screen.getByTestId('user-loading')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(USER_PANEL_REVEAL_MS - 1));
    expect(screen.queryByTestId('user-block')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('user-name')).toHaveTextContent('Diego Henrique Alb...');
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('D');
  });

  it('counts the 300 ms from when the user was read, not from when the sidebar mounts', () => {
    // A module's layout arrives 250 ms after the sign-in and mounts the sidebar then.
    act(() => jest.advanceTimersByTime(250));
    renderBlock();
    expect(screen.getByTestId('user-loading')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(USER_PANEL_REVEAL_MS - 250 - 1));
    expect(screen.queryByTestId('user-block')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('user-block')).toBeInTheDocument();
  });

  it('shows the panel at once when the sidebar mounts more than 300 ms after the user was read', () => {
    act(() => jest.advanceTimersByTime(1200));
    renderBlock();
    expect(screen.queryByTestId('user-loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-block')).toBeInTheDocument();
  });

  it('opens and closes the avatar menu on click, and closes it on an outside click', () => {
    renderBlock();
    act(() => jest.advanceTimersByTime(USER_PANEL_REVEAL_MS));
    const avatar = screen.getByRole('button', { name: 'sidebar.userMenu' });
    fireEvent.click(avatar);
    expect(screen.getByTestId('avatar-menu')).toBeInTheDocument();
    fireEvent.click(avatar);
    expect(screen.queryByTestId('avatar-menu')).not.toBeInTheDocument();
    fireEvent.click(avatar);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByTestId('avatar-menu')).not.toBeInTheDocument();
  });

  it('keeps the panel when the stored user is replaced in the same sign-in (an edit of its own name)', () => {
    renderBlock();
    act(() => jest.advanceTimersByTime(USER_PANEL_REVEAL_MS));
    act(() => useSession.getState().setUser({ ...user, first_name: 'Diego' }));
    expect(screen.queryByTestId('user-loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Diego');
  });
});
