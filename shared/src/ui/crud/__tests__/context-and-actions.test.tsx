import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18n, useNotifications } from '@canteiro/shared/core';
import { ResourceScreen } from '../resource-screen';
import { forgetContexts } from '../context-picker';
import { ResourceFormModal } from '../resource-form-modal';
import { registerKitTranslations } from '../i18n';
import { serveFakeThings, thingResource } from './fake-api';
import type { fakeThingsApi, Thing } from './fake-api';
import type { ResourceDefinition } from '../types';
import { choose } from '../../../../test/choose-option';

/** The context picker ("choose a contract first"), row actions, and the cascade of selects. */
let api: ReturnType<typeof fakeThingsApi>;
let location: ReturnType<typeof useLocation>;
function LocationProbe() {
  location = useLocation();
  return null;
}

const contractThings: ResourceDefinition<Thing> = {
  ...thingResource,
  context: { param: 'contract', endpoint: 'contracts', labelKey: 'contract', hintKey: 'hint' },
  fields: [
    { name: 'name', labelKey: 'name', kind: 'text' },
    {
      name: 'area',
      labelKey: 'area',
      kind: 'select',
      optionsFrom: { endpoint: 'areas', dependsOn: { contract: 'contract' } },
    },
    { name: 'isActive', labelKey: 'active', kind: 'activeness' },
  ],
  createSchema: undefined,
  rowActions: [
    {
      key: 'finish',
      labelKey: 'finish',
      shown: (thing) => !thing.isFinished,
      confirmTitleKey: 'finishConfirm',
      successKey: 'finished',
      call: { method: 'post', path: 'finish' },
    },
  ],
};
const renderScreen = (entry: string, resource = contractThings) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ResourceScreen resource={resource} />
      <LocationProbe />
    </MemoryRouter>,
  );
const listCalls = () => api.calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/things');
const query = (call: { url: URL }) => Object.fromEntries(call.url.searchParams);

beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    active: 'Ativo',
    contract: 'Contratada',
    hint: 'Escolha uma contratada para ver {{plural}}.',
    area: 'Área',
    local: 'Local',
    block: 'Bloco',
    finish: 'Concluir',
    finishConfirm: 'Deseja concluir {{name}}?',
    finished: '{{name}} concluída.',
  });
});
// Few rows: a whole antd screen under jsdom takes seconds per render of twenty rows.
beforeEach(() => {
  api = serveFakeThings(5);
  forgetContexts();
  useNotifications.setState({ items: [] });
});

jest.setTimeout(90_000);

describe('the context picker', () => {
  it('shows the picker and a hint instead of a list until a contract is chosen, then keeps it in the URL', async () => {
    renderScreen('/things');
    expect(await screen.findByTestId('context-hint')).toHaveTextContent('Escolha uma contratada para ver coisas.');
    expect(screen.queryByTestId('resource-list')).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.url.pathname === '/api/contracts/options')).toBe(true));
    expect(listCalls()).toHaveLength(0);
    await choose('Contratada', 'Contrato Beta', screen.getByTestId('context-picker'));
    await waitFor(() => expect(location.search).toBe('?contract=2'));
    expect(await screen.findByText('Thing 01')).toBeInTheDocument();
    expect(query(listCalls().at(-1)!)).toMatchObject({ contract: '2' });
  });

  it('reads ?contract= and sends it to the list, the export, the selects and the form', async () => {
    api = serveFakeThings(25);
    renderScreen('/things?contract=1&page=2');
    await screen.findByText('Thing 23');
    expect(query(listCalls().at(-1)!)).toMatchObject({ contract: '1', page: '2' });
    expect(screen.getByTestId('context-picker')).toHaveTextContent('Contrato Alfa');

    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByText('CSV'));
    await waitFor(() => {
      const exported = api.calls.find((call) => call.url.pathname === '/api/things/export');
      expect(exported && query(exported)).toMatchObject({ contract: '1', format: 'csv' });
    });

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
    // The contract is the screen's: not asked again.
    expect(within(dialog).queryByLabelText('Contratada')).not.toBeInTheDocument();
    await waitFor(() => {
      const areas = api.calls.find((call) => call.url.pathname === '/api/areas/options');
      expect(areas && query(areas)).toEqual({ contract: '1' });
    });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Nova' } });
    fireEvent.click(within(dialog).getByText('Salvar'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Nova',
      area: null,
      isActive: true,
      contract: 1,
    });
  });

  it('chooses the only contract of a single-contract user and goes straight to the list', async () => {
    api.contracts.splice(0, api.contracts.length, { id: 5, name: 'Contrato Único' });
    renderScreen('/things');
    expect(await screen.findByText('Thing 01')).toBeInTheDocument();
    expect(location.search).toBe('?contract=5');
    expect(query(listCalls().at(-1)!)).toMatchObject({ contract: '5' });
    expect(screen.queryByTestId('context-hint')).not.toBeInTheDocument();
  });

  it('chooses again the contract chosen on another screen, when the menu link carries none', async () => {
    const first = renderScreen('/things?contract=2');
    await screen.findByText('Thing 01');
    first.unmount();
    renderScreen('/things');
    await waitFor(() => expect(location.search).toBe('?contract=2'));
    expect(await screen.findByText('Thing 01')).toBeInTheDocument();
  });

  it("puts a single-contract user's own contract in place of a link to another", async () => {
    api.contracts.splice(0, api.contracts.length, { id: 5, name: 'Contrato Único' });
    renderScreen('/things?contract=9');
    await waitFor(() => expect(location.search).toBe('?contract=5'));
    expect(await screen.findByText('Thing 01')).toBeInTheDocument();
    expect(query(listCalls().at(-1)!)).toMatchObject({ contract: '5' });
  });
});

describe('row actions', () => {
  it('ask their own confirmation before the call, call it, and give focus back', async () => {
    api.things[1]!.isFinished = true;
    renderScreen('/things?contract=1');
    const row = (await screen.findByText('Thing 01')).closest('tr')!;
    expect(within(screen.getByText('Thing 02').closest('tr')!).queryByText('Concluir')).not.toBeInTheDocument();
    const button = within(row).getByRole('button', { name: 'Concluir' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('Deseja concluir Thing 01?')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.pathname.endsWith('/finish'))).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Concluir' }).at(-1)!);
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
        '/api/things/1/finish',
      ]),
    );
    await waitFor(() =>
      expect(useNotifications.getState().items.map((item) => item.message)).toContain('Thing 01 concluída.'),
    );
    // The row no longer offers it: focus goes to the list.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Lista de coisas' })));
  });

  it("say the server's refusal by its translated code", async () => {
    renderScreen('/things?contract=1');
    const row = (await screen.findByText('Thing 03')).closest('tr')!;
    api.things[2]!.isFinished = true; // finished meanwhile, elsewhere
    fireEvent.click(within(row).getByRole('button', { name: 'Concluir' }));
    await screen.findByText('Deseja concluir Thing 03?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Concluir' }).at(-1)!);
    await waitFor(() =>
      expect(useNotifications.getState().items.map((item) => item.message)).toContain(
        'Não foi possível concluir a atividade: ela já está concluída.',
      ),
    );
  });
});

describe('the cascading selects', () => {
  const chain: ResourceDefinition<Thing & { area: number; local: number; block: number }> = {
    ...(thingResource as ResourceDefinition<Thing & { area: number; local: number; block: number }>),
    fields: [
      { name: 'area', labelKey: 'area', kind: 'select', optionsFrom: { endpoint: 'areas' } },
      {
        name: 'local',
        labelKey: 'local',
        kind: 'select',
        optionsFrom: { endpoint: 'locals', dependsOn: { area: 'area' } },
      },
      {
        name: 'block',
        labelKey: 'block',
        kind: 'select',
        optionsFrom: { endpoint: 'blocks', dependsOn: { local: 'local' } },
      },
    ],
    createSchema: undefined,
  };

  it('empty what hangs from a parent when another one is chosen: another area clears local and block', async () => {
    render(
      <MemoryRouter>
        <ResourceFormModal
          resource={chain}
          item={{ id: 1, name: 'Thing 01', isActive: true, area: 1, local: 2, block: 1 }}
          onClose={() => undefined}
          onSaved={() => undefined}
        />
      </MemoryRouter>,
    );
    const dialog = (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
    await within(dialog).findByText('blocks 1 (local=2)');
    await choose('Área', 'areas 2', dialog);
    fireEvent.click(within(dialog).getByText('Salvar'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({ area: 2, local: null, block: null });
  });
});
