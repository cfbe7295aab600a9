import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@canteiro/shared/core';
import { ResourceFormModal } from '../resource-form-modal';
import { registerKitTranslations } from '../i18n';
import { serveFakeThings, thingResource } from './fake-api';
import type { Thing } from './fake-api';
import type { ResourceDefinition } from '../types';

/**
 * A save that changes something people must agree to goes through two confirmations, as the
 * status toggle does (spec §4): "Ativo: Não" in the edit form, or a definition's own step
 * (an occurrence moved to another class). Nothing is sent before the second.
 */
beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'test', { thing: { one: 'Coisa', other: 'Coisas' }, name: 'Nome', active: 'Ativo' });
});

// Each test opens a form and two dialogs in jsdom: seconds of work on a loaded machine.
jest.setTimeout(20_000);

let api: ReturnType<typeof serveFakeThings>;
beforeEach(() => {
  api = serveFakeThings(3);
});

function renderEdit(resource: ResourceDefinition<Thing> = thingResource) {
  const saved = jest.fn();
  render(
    <MemoryRouter>
      <ResourceFormModal<Thing> resource={resource} item={api.things[0]!} onClose={() => undefined} onSaved={saved} />
    </MemoryRouter>,
  );
  return saved;
}
const puts = () => api.calls.filter((call) => call.method === 'PUT');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

test('"Ativo: Não" in the form asks as the toggle does, twice, and saves after the second', async () => {
  const saved = renderEdit();
  fireEvent.click(await screen.findByRole('radio', { name: 'Não' }));
  save();
  expect(await screen.findByText('Deseja desativar Thing 01?')).toBeInTheDocument();
  expect(puts()).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
  expect(await screen.findByText('Tem certeza?')).toBeInTheDocument();
  expect(puts()).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(saved).toHaveBeenCalled());
  expect(puts().map((call) => (call.body as Thing).isActive)).toEqual([false]);
});

test('Cancel at the second step saves nothing and leaves the form open', async () => {
  renderEdit();
  fireEvent.click(await screen.findByRole('radio', { name: 'Não' }));
  save();
  fireEvent.click(await screen.findByRole('button', { name: 'Desativar' }));
  await screen.findByText('Tem certeza?');
  fireEvent.click(screen.getAllByRole('button', { name: 'Cancelar' }).at(-1)!);
  await waitFor(() => expect(screen.queryByText('Tem certeza?')).not.toBeInTheDocument());
  expect(puts()).toHaveLength(0);
  expect(screen.getByTestId('resource-form')).toBeInTheDocument();
});

test("a definition's own step says what the edit changes; an edit that changes nothing of it saves at once", async () => {
  const confirmSave = jest.fn(async ({ item, body }: { item: Thing; body: Record<string, unknown> }) =>
    body.name !== item.name
      ? { title: 'Renomear?', text: '12 observações em 2 contratadas mudam de nome', okText: 'Renomear' }
      : null,
  );
  const saved = renderEdit({ ...thingResource, confirmSave });
  const name = await screen.findByRole('textbox', { name: /Nome/ });
  fireEvent.change(name, { target: { value: 'Thing Um' } });
  save();
  expect(await screen.findByText('12 observações em 2 contratadas mudam de nome')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Renomear' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  expect(puts()).toHaveLength(1);
});
