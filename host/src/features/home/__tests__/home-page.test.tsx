import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import HomePage from '../home-page';

const firstAccessUser = {
  id: 9,
  email: 'first@canteiro.test',
  username: 'first',
  first_name: 'Fernanda',
  permission_set: { value: 'contract' as const, label: 'Contratada', first_access: true },
};

const renderHome = () =>
  render(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route path="/home" element={<HomePage />} />
        <Route path="/password" element={<p>password page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('home (spec §2, issue 8)', () => {
  beforeEach(() => useSession.getState().signIn('token', firstAccessUser));

  it('has one h1, a banner, a main landmark and a skip link to it as the first focusable element', () => {
    const { container } = renderHome();
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const main = screen.getByRole('main');
    const first = container.querySelector('a, button, input, [tabindex]:not([tabindex="-1"])');
    expect(first).toHaveAttribute('href', `#${main.id}`);
  });

  it("offers the first-access change of password as the design's primary button, which opens /password", () => {
    renderHome();
    const change = screen.getByTestId('first-access-change');
    expect(change.tagName).toBe('BUTTON');
    expect(change).toHaveClass('ant-btn-primary');
    fireEvent.click(change);
    expect(screen.getByText('password page')).toBeInTheDocument();
  });

  it('names each module card by the words shown on its link: the title', () => {
    renderHome();
    const cards = screen.getByTestId('home-modules');
    const links = cards.querySelectorAll('a');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).not.toHaveAttribute('aria-label');
      expect(link).not.toHaveAttribute('aria-labelledby');
      expect(link.closest('h2')).not.toBeNull();
    }
  });
});
