import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useNotifications } from '@canteiro/shared/core';
import { POPUP_MAX_WIDTH, RemoteSelect } from '../remote-select';
import { registerKitTranslations } from '../i18n';
import { serve as serveNetwork } from '../../../../test/network';

/** Selects fed by `/api/<endpoint>/options` (active parents only, spec §5). */
let requests: string[];
function serve(routes: Record<string, unknown>) {
  requests = [];
  serveNetwork((request) => {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    const body = routes[url.pathname];
    if (body === undefined) return new Response(JSON.stringify({ code: 'not_found' }), { status: 404 });
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
}
const renderSelect = (value: number | null, params = { base: 1 }) =>
  render(
    <RemoteSelect
      id="field-work"
      endpoint="works"
      params={params}
      enabled
      value={value}
      onChange={() => undefined}
      fieldLabel="Obra"
    />,
  );

beforeAll(() => registerKitTranslations());
beforeEach(() => useNotifications.setState({ items: [] }));

describe('RemoteSelect', () => {
  it('asks for the options of its parent and shows the chosen one by name', async () => {
    serve({ '/api/works/options': [{ id: 1, name: 'Obra Alfa' }] });
    renderSelect(1);
    expect(await screen.findByText('Obra Alfa')).toBeInTheDocument();
    expect(requests).toEqual(['/api/works/options?base=1']);
  });

  it('names a saved value that is no longer offered (an inactive parent) instead of showing its id', async () => {
    serve({ '/api/works/options': [{ id: 1, name: 'Obra Alfa' }], '/api/works/6': { id: 6, name: 'Obra Antiga' } });
    renderSelect(6);
    expect(await screen.findByText('Obra Antiga (inativo)')).toBeInTheDocument();
    expect(screen.queryByText('6')).not.toBeInTheDocument();
  });

  it('says when the options cannot be loaded', async () => {
    serve({});
    renderSelect(null);
    await waitFor(() =>
      expect(useNotifications.getState().items.map((item) => item.message)).toContain(
        'Erro ao carregar as opções de Obra.',
      ),
    );
  });

  it('opens a popup wider than a narrow field, each option named whole in its title', async () => {
    const long = 'Armação de vigas — Armação · Pavimento tipo A1';
    serve({ '/api/works/options': [{ id: 1, name: long }] });
    renderSelect(null);
    await waitFor(() => expect(requests).toHaveLength(1));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Obra' }));
    const option = await screen.findByTitle(long);
    const popup = option.closest<HTMLElement>('.ant-select-dropdown');
    expect(popup?.style.maxWidth).toBe(POPUP_MAX_WIDTH);
    // Not held to the field's width (antd sets `width` when it matches the field).
    expect(popup?.style.width).toBe('');
  });

  it('on demand: asks for nothing until the list opens, or a value needs its name', async () => {
    serve({
      '/api/works/options': [
        { id: 1, name: 'Obra Alfa' },
        { id: 2, name: 'Obra Beta' },
      ],
    });
    const field = (value: number | null, base: number) => (
      <RemoteSelect
        id="field-work"
        endpoint="works"
        params={{ base }}
        enabled
        onDemand
        value={value}
        onChange={() => undefined}
        fieldLabel="Obra"
      />
    );
    const { unmount } = render(field(null, 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Obra' }));
    expect(await screen.findByTitle('Obra Beta')).toBeInTheDocument();
    expect(requests).toEqual(['/api/works/options?base=1']);
    unmount();

    // A value from the address names itself at once.
    serve({ '/api/works/options': [{ id: 2, name: 'Obra Beta' }] });
    render(field(2, 2));
    expect(await screen.findByText('Obra Beta')).toBeInTheDocument();
    expect(requests).toEqual(['/api/works/options?base=2']);
  });
});
