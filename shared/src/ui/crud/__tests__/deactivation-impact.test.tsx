import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n, useSession } from '@canteiro/shared/core';
import { serve } from '../../../../test/network';
import { ActivenessToggle } from '../activeness-toggle';
import { deactivationText } from '../deactivation-impact';
import { registerKitTranslations } from '../i18n';

/**
 * A deactivation says what it hides (spec §4, docs/hierarchy.md): the first confirmation counts the
 * records that hang from the one deactivated and stop showing.
 */
beforeAll(() => {
  registerKitTranslations();
});

jest.setTimeout(20_000);

const t = i18n.getFixedT('pt-BR');

describe('deactivationText', () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    serve((request) => {
      const url = new URL(request.url);
      asked.push(url.pathname);
      if (url.pathname === '/api/blocks/7/deactivation-impact')
        return new Response(
          JSON.stringify({
            hides: [
              { entity: 'package', count: 1 },
              { entity: 'activity', count: 12 },
            ],
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      if (url.pathname === '/api/contracts/3/deactivation-impact')
        return new Response(JSON.stringify({ hides: [{ entity: 'user', count: 2 }] }), {
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/api/areas/4/deactivation-impact')
        return new Response(JSON.stringify({ hides: [] }), { headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ code: 'server_error', message: 'x' }), { status: 500 });
    });
    document.cookie = 'XSRF-TOKEN=x; path=/';
    useSession
      .getState()
      .signIn('token', { id: 1, email: 'a@b.c', username: 'a', permission_set: { value: 'admin', label: 'Admin' } });
  });

  it('lists what stops showing, kind by kind, in words', async () => {
    expect(await deactivationText('blocks', 7, t)).toBe(
      'Deixam de aparecer (listas, seleções e o aplicativo): 1 pacote, 12 atividades.',
    );
    expect(await deactivationText('contracts', 3, t)).toBe(
      'Deixam de aparecer (listas, seleções e o aplicativo): 2 usuários, que não poderão entrar.',
    );
  });

  it('says nothing when nothing active hangs from it, when nothing can, or when the count fails', async () => {
    expect(await deactivationText('areas', 4, t)).toBeNull();
    expect(await deactivationText('areas', 5, t)).toBeNull();
    // A function, a user: nothing hangs from them; not even asked.
    expect(await deactivationText('functions', 1, t)).toBeNull();
    expect(await deactivationText('users', 1, t)).toBeNull();
    expect(asked.filter((path) => path.startsWith('/api/functions') || path.startsWith('/api/users'))).toEqual([]);
  });
});

describe('the status toggle', () => {
  it('counts on opening a deactivation, then shows what it hides in the first dialog', async () => {
    let answer: (text: string | null) => void = () => undefined;
    const hides = jest.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    render(<ActivenessToggle name="Bloco A" isActive onConfirm={async () => undefined} hides={hides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByTestId('deactivation-impact')).toHaveTextContent('Contando o que deixa de aparecer…');
    answer('Deixam de aparecer (listas, seleções e o aplicativo): 1 pacote.');
    await waitFor(() =>
      expect(screen.getByTestId('deactivation-impact')).toHaveTextContent(
        'Deixam de aparecer (listas, seleções e o aplicativo): 1 pacote.',
      ),
    );
    expect(hides).toHaveBeenCalledTimes(1);
  });

  it('adds nothing when nothing is hidden, and never asks when activating', async () => {
    const hides = jest.fn(async () => null);
    const { unmount } = render(
      <ActivenessToggle name="Bloco A" isActive onConfirm={async () => undefined} hides={hides} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    await screen.findByText('Deseja desativar Bloco A?');
    await waitFor(() => expect(hides).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('deactivation-impact')).toBeNull());
    unmount();
    const never = jest.fn(async () => 'x');
    render(<ActivenessToggle name="Bloco B" isActive={false} onConfirm={async () => undefined} hides={never} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByText('Deseja ativar Bloco B?');
    expect(never).not.toHaveBeenCalled();
    expect(screen.queryByTestId('deactivation-impact')).toBeNull();
  });
});
