import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18n, useNotifications } from '@canteiro/shared/core';
import { ResourceScreen } from '../resource-screen';
import { serveFakeThings, thingResource } from './fake-api';
import type { fakeThingsApi } from './fake-api';

let api: ReturnType<typeof fakeThingsApi>;
let location: ReturnType<typeof useLocation>;
function LocationProbe() {
  location = useLocation();
  return null;
}
const renderScreen = (entry = '/things') =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ResourceScreen resource={thingResource} />
      <LocationProbe />
    </MemoryRouter>,
  );
/** The modal around the resource form (its buttons live in the footer, outside the form). */
const findFormDialog = async () => (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
const listCalls = () => api.calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/things');

beforeAll(() => {
  i18n.addResourceBundle('pt-BR', 'test', { thing: { one: 'Coisa', other: 'Coisas' }, name: 'Nome', active: 'Ativo' });
  i18n.addResourceBundle(
    'pt-BR',
    'common',
    { errors: { duplicate_name: 'Já existe uma coisa com este nome.' } },
    true,
    false,
  );
});
beforeEach(() => {
  api = serveFakeThings(45);
});

// Whole antd screens under jsdom take seconds to render.
jest.setTimeout(30_000);

describe('the CRUD kit', () => {
  it('pages with first, previous, next, last and "x de y", keeping the page in the URL', async () => {
    renderScreen();
    expect(await screen.findByText('Thing 01')).toBeInTheDocument();
    expect(screen.getByTestId('page-of')).toHaveTextContent('1 de 3');
    expect(screen.getByLabelText('Primeira página')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Próxima página'));
    expect(await screen.findByText('Thing 23')).toBeInTheDocument();
    expect(screen.getByTestId('page-of')).toHaveTextContent('2 de 3');
    expect(location.search).toBe('?page=2');
    fireEvent.click(screen.getByLabelText('Última página'));
    await waitFor(() => expect(screen.getByTestId('page-of')).toHaveTextContent('3 de 3'));
    expect(screen.getByLabelText('Próxima página')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Página anterior'));
    await waitFor(() => expect(screen.getByTestId('page-of')).toHaveTextContent('2 de 3'));
    fireEvent.click(screen.getByLabelText('Primeira página'));
    await waitFor(() => expect(screen.getByTestId('page-of')).toHaveTextContent('1 de 3'));
  });

  it('restores search, page and the inactive toggle from the URL and sends them to the server', async () => {
    renderScreen('/things?search=thing&page=2&inactive=1');
    await screen.findByText('Thing 21');
    const call = listCalls().at(-1)!;
    expect(Object.fromEntries(call.url.searchParams)).toMatchObject({
      search: 'thing',
      page: '2',
      includeInactive: 'true',
    });
    expect(screen.getByLabelText('Buscar')).toHaveValue('thing');
    expect(document.querySelector('[role="switch"]')).toBeChecked();
  });

  it('debounces the search, starts again at page 1, and says when nothing matches', async () => {
    jest.useFakeTimers();
    try {
      renderScreen('/things?page=2');
      await act(async () => jest.advanceTimersByTimeAsync(10));
      const before = listCalls().length;
      fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'n' } });
      fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'nothing' } });
      await act(async () => jest.advanceTimersByTimeAsync(299));
      expect(listCalls()).toHaveLength(before);
      await act(async () => jest.advanceTimersByTimeAsync(20));
      expect(listCalls()).toHaveLength(before + 1);
      expect(location.search).toBe('?search=nothing');
      expect(await screen.findByTestId('no-results')).toHaveTextContent('Nenhum resultado encontrado.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('changes a status only after the first confirmation and then "Tem certeza?"', async () => {
    renderScreen();
    const row = (await screen.findByText('Thing 01')).closest('tr')!;
    fireEvent.click(within(row).getByText('Desativar'));
    expect(await screen.findByText('Deseja desativar Thing 01?')).toBeInTheDocument();
    fireEvent.click(screen.getAllByText('Desativar').at(-1)!);
    expect(await screen.findByText('Tem certeza?')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByText('Confirmar'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({ isActive: false });
    await waitFor(() => expect(screen.queryByText('Thing 01')).not.toBeInTheDocument());
  });

  it('a server error on a status change says the entity’s own message, not the generic one', async () => {
    api.settings.failStatus = true;
    renderScreen();
    const row = (await screen.findByText('Thing 03')).closest('tr')!;
    fireEvent.click(within(row).getByText('Desativar'));
    fireEvent.click((await screen.findAllByText('Desativar')).at(-1)!);
    fireEvent.click(await screen.findByText('Confirmar'));
    const toasts = () => useNotifications.getState().items.map((item) => [item.kind, item.message]);
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'Erro ao alterar o status de coisa.']));
    expect(toasts().some(([, message]) => /Ocorreu um erro no servidor/.test(message!))).toBe(false);
    expect(screen.getByText('Thing 03')).toBeInTheDocument();
  });

  it('cancelling the second confirmation changes nothing', async () => {
    renderScreen();
    const row = (await screen.findByText('Thing 02')).closest('tr')!;
    fireEvent.click(within(row).getByText('Desativar'));
    fireEvent.click((await screen.findAllByText('Desativar')).at(-1)!);
    await screen.findByText('Tem certeza?');
    fireEvent.click(screen.getAllByText('Cancelar').at(-1)!);
    await waitFor(() => expect(screen.queryByText('Tem certeza?')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('shows the schema rule and the form message, then the server field error on its field', async () => {
    renderScreen();
    await screen.findByText('Thing 01');
    fireEvent.click(screen.getByText('Adicionar'));
    const dialog = await findFormDialog();
    fireEvent.click(within(dialog).getByText('Salvar'));
    expect(await within(dialog).findByText('Campo obrigatório.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('form-error')).toHaveTextContent(
      'Por favor, verifique o formulário e tente novamente!',
    );
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'thing 05' } });
    fireEvent.click(within(dialog).getByText('Salvar'));
    await waitFor(() =>
      expect(within(dialog).getAllByText('Já existe uma coisa com este nome.').length).toBeGreaterThan(0),
    );
    expect(within(dialog).getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before closing a changed form, and closes an untouched one at once', async () => {
    renderScreen();
    await screen.findByText('Thing 01');
    fireEvent.click(screen.getByText('Adicionar'));
    let dialog = await findFormDialog();
    fireEvent.click(within(dialog).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());
    fireEvent.click(screen.getByText('Adicionar'));
    dialog = await findFormDialog();
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'half typed' } });
    fireEvent.click(within(dialog).getByText('Cancelar'));
    expect(await screen.findByText('Descartar alterações?')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Continuar editando'));
    expect(within(screen.getByTestId('resource-form')).getByLabelText('Nome')).toHaveValue('half typed');
  });
});
