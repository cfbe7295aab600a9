import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n, useSession } from '@canteiro/shared/core';
import { ResourceScreen } from '../resource-screen';
import { columnChoiceKey } from '../use-column-choice';
import { serveFakeThings, thingResource } from './fake-api';
import type { Thing } from './fake-api';
import type { ResourceDefinition } from '../types';

/**
 * The column chooser (docs/crud-kit.md, "Columns"): a `wide` column is hidden by default below
 * antd's xl breakpoint (1200 px) and the chooser says so; an `optional` one at every width; the
 * user's choice is kept per user and list.
 */
const withDetail: ResourceDefinition<Thing> = {
  ...thingResource,
  columns: [
    { key: 'name', titleKey: 'name', sortKey: 'name' },
    { key: 'id', titleKey: 'detail', width: 80, wide: true },
    { key: 'isActive', titleKey: 'extra', width: 80, optional: true, render: () => 'x' },
  ],
};

/** A window `width` px wide, as far as CSS media queries are concerned. */
function windowWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const chooser = () => screen.getByTestId('column-chooser');
const renderScreen = async () => {
  const view = render(
    <MemoryRouter initialEntries={['/things']}>
      <ResourceScreen resource={withDetail} />
    </MemoryRouter>,
  );
  await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row')).toHaveLength(3));
  return view;
};
const openChooser = async () => {
  fireEvent.click(chooser());
  await screen.findByRole('group', { name: 'Colunas da lista' });
};

beforeAll(() => {
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    detail: 'Detalhe',
    extra: 'Extra',
  });
});
beforeEach(() => {
  localStorage.clear();
  serveFakeThings(3);
});
jest.setTimeout(90_000);

it.each([
  [1440, ['Nome', 'Detalhe'], 'Ocultas: Extra.', '1 coluna oculta'],
  [1064, ['Nome'], 'Ocultas: Detalhe, Extra.', '2 colunas ocultas'],
])('at %i px the default shows %j and the chooser says what it hides', async (width, shown, list, button) => {
  windowWidth(width);
  await renderScreen();
  expect(headers()).toEqual([...shown, 'Status', 'Ações']);
  expect(chooser()).toHaveTextContent(button);
  await openChooser();
  expect(screen.getByText(list)).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Detalhe' })).toHaveProperty('checked', width === 1440);
  expect(screen.getByRole('checkbox', { name: 'Extra' })).not.toBeChecked();
});

it('shows and hides a column, remembered per user and list; the default comes back', async () => {
  windowWidth(1064);
  const view = await renderScreen();
  await openChooser();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Detalhe' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Nome' }));
  await waitFor(() => expect(headers()).toEqual(['Detalhe', 'Status', 'Ações']));
  expect(chooser()).toHaveTextContent('2 colunas ocultas');
  expect(JSON.parse(localStorage.getItem(columnChoiceKey(1, 'things'))!)).toEqual({ id: true, name: false });
  // The last column shown cannot go.
  expect(screen.getByRole('checkbox', { name: 'Detalhe' })).toBeDisabled();

  view.unmount();
  const again = await renderScreen();
  expect(headers()).toEqual(['Detalhe', 'Status', 'Ações']);
  again.unmount();

  // Another user has the defaults.
  act(() => {
    useSession
      .getState()
      .signIn('token', { id: 2, email: 'b@b.c', username: 'b', permission_set: { value: 'admin', label: 'Admin' } });
  });
  const other = await renderScreen();
  expect(headers()).toEqual(['Nome', 'Status', 'Ações']);
  other.unmount();

  act(() => {
    useSession
      .getState()
      .signIn('token', { id: 1, email: 'a@b.c', username: 'a', permission_set: { value: 'admin', label: 'Admin' } });
  });
  await renderScreen();
  await openChooser();
  fireEvent.click(screen.getByRole('button', { name: 'Restaurar o padrão' }));
  await waitFor(() => expect(headers()).toEqual(['Nome', 'Status', 'Ações']));
  expect(localStorage.getItem(columnChoiceKey(1, 'things'))).toBeNull();
});

it('opens on its first enabled box from the keyboard and gives focus back on Escape', async () => {
  windowWidth(1064);
  await renderScreen();
  chooser().focus();
  fireEvent.click(chooser());
  // 'Nome', the one column shown, cannot be unchecked: focus goes to the first box that can.
  const first = await screen.findByRole('checkbox', { name: 'Detalhe' });
  await waitFor(() => expect(first).toHaveFocus());
  expect(chooser()).toHaveAttribute('aria-expanded', 'true');
  fireEvent.keyDown(first, { key: 'Escape' });
  await waitFor(() => expect(chooser()).toHaveAttribute('aria-expanded', 'false'));
  expect(chooser()).toHaveFocus();
});
