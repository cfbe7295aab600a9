import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@canteiro/shared/core';
import { NavItem } from '../nav-item';

describe('the navigation item (spec §2)', () => {
  beforeAll(() => i18n.addResourceBundle('pt-BR', 'test', { bases: 'Bases', works: 'Obras' }));

  it('shows its translated label and icon, green on light green when its route is active', () => {
    render(
      <MemoryRouter initialEntries={['/admin/base']}>
        <NavItem to="/admin/base" labelKey="test:bases" icon={<span data-testid="icon" />} />
        <NavItem to="/admin/work" labelKey="test:works" />
      </MemoryRouter>,
    );
    const active = screen.getByRole('link', { name: 'Bases' });
    const other = screen.getByRole('link', { name: 'Obras' });
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    expect(active).toHaveStyle({ color: '#1b5e20', backgroundColor: '#e6f4e7' });
    expect(other).not.toHaveStyle({ backgroundColor: '#e6f4e7' });
    expect(other).not.toHaveStyle({ color: '#1b5e20' });
  });

  it('wraps a long label instead of cutting it with an ellipsis', () => {
    i18n.addResourceBundle('pt-BR', 'test', { report: 'Relatório de equipamentos' }, true);
    render(
      <MemoryRouter>
        <NavItem to="/dash/equipment-report" labelKey="test:report" />
      </MemoryRouter>,
    );
    const label = screen.getByText('Relatório de equipamentos');
    expect(label).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(label).not.toHaveStyle({ whiteSpace: 'nowrap' });
    expect(label).not.toHaveStyle({ overflow: 'hidden' });
    expect(label).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});
