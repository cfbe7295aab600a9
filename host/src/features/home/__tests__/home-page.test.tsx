import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSession } from '@canteiro/shared/core';
import HomePage from '../home-page';
import { contractUser as user } from '../../../__tests__/session-users';

// A first-access user never reaches home (the guard sends it to /password), so home has no
// first-access warning of its own.
const renderHome = () =>
  render(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route path="/home" element={<HomePage />} />
        <Route path="/password" element={<p>password page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('home (spec §2)', () => {
  beforeEach(() => useSession.getState().signIn('token', user));

  it('has one h1, a banner, a main landmark and a skip link to it as the first focusable element', () => {
    const { container } = renderHome();
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const main = screen.getByRole('main');
    const first = container.querySelector('a, button, input, [tabindex]:not([tabindex="-1"])');
    expect(first).toHaveAttribute('href', `#${main.id}`);
  });

  it("offers the change of password as one of the design's buttons, which opens /password", () => {
    renderHome();
    const change = screen.getByRole('button', { name: /changePassword/ });
    expect(change).toHaveClass('ant-btn');
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
