import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AvatarMenu } from '../avatar-menu';

const user = {
  id: 3,
  email: 'carla@canteiro.test',
  username: 'carla',
  permission_set: { value: 'base' as const, label: 'Base' },
};

const renderMenu = () =>
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route path="/admin" element={<AvatarMenu user={user} />} />
        <Route path="/password" element={<p>password page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('the avatar menu by keyboard', () => {
  it.each(['Enter', ' ', 'ArrowDown'])('"%s" on the avatar opens the menu with the focus on its first item', (key) => {
    renderMenu();
    const avatar = screen.getByRole('button', { name: 'sidebar.userMenu' });
    expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    avatar.focus();
    fireEvent.keyDown(avatar, { key });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
  });

  it('the arrows keep the focus on the items; Escape closes and gives the focus back to the avatar', () => {
    renderMenu();
    const avatar = screen.getByRole('button', { name: 'sidebar.userMenu' });
    fireEvent.keyDown(avatar, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(items.at(items.length > 1 ? 1 : 0)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(items.at(-1)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(items.at(items.length > 1 ? -2 : 0)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });

  it('Tab closes the menu; an outside click closes it; Enter on an item runs it', () => {
    renderMenu();
    const avatar = screen.getByRole('button', { name: 'sidebar.userMenu' });
    fireEvent.keyDown(avatar, { key: 'Enter' });
    fireEvent.keyDown(screen.getAllByRole('menuitem')[0]!, { key: 'Tab' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(avatar);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.keyDown(avatar, { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitem', { name: 'sidebar.changePassword' }));
    expect(screen.getByText('password page')).toBeInTheDocument();
  });
});
