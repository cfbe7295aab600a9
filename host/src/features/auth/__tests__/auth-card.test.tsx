import { render, screen } from '@testing-library/react';
import { AuthCard } from '../auth-card';

describe('the sign-in screens’ card', () => {
  it('keeps the title 4 px above its subtitle, and 24 px above the content when it has none (as antd’s title had it)', () => {
    const { unmount } = render(
      <AuthCard title="Entrar no Canteiro" subtitle="Produtividade de obras">
        <p>form</p>
      </AuthCard>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveStyle({ marginBottom: '4px' });
    unmount();
    render(
      <AuthCard title="Alterar senha">
        <p>form</p>
      </AuthCard>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveStyle({ marginBottom: '24px' });
    expect(screen.getByRole('main')).toHaveAttribute('id', 'content');
  });
});
