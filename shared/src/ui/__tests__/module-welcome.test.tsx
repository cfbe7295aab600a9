import { render, screen } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import { ModuleWelcome } from '../module-welcome';

describe("a module's welcome page (spec §2)", () => {
  beforeAll(() =>
    i18n.addResourceBundle('pt-BR', 'welcome-test', {
      welcome: { title: 'Bem-vindo', text: 'Texto', hint: 'Dica' },
    }),
  );

  it("shows the module's title as the page's one h1", () => {
    const { container } = render(<ModuleWelcome namespace="welcome-test" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bem-vindo');
    expect(container.querySelectorAll('h1')).toHaveLength(1);
  });
});
