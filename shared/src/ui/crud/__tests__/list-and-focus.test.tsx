import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18n, activenessColors } from '@canteiro/shared/core';
import { ResourceScreen } from '../resource-screen';
import { serveFakeThings, thingResource } from './fake-api';
import type { fakeThingsApi, Thing } from './fake-api';
import type { ResourceDefinition } from '../types';

/** Sorting headers, filters in the URL, focus after dialogs and paging, the status tags. */
let api: ReturnType<typeof fakeThingsApi>;
let location: ReturnType<typeof useLocation>;
function LocationProbe() {
  location = useLocation();
  return null;
}

const sortedThings: ResourceDefinition<Thing> = {
  ...thingResource,
  columns: [{ key: 'name', titleKey: 'name', sortKey: 'name' }],
  filters: [{ param: 'kind', labelKey: 'kind', options: ['a', 'b'] }],
};
const renderScreen = (entry = '/things', resource = sortedThings) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <ResourceScreen resource={resource} />
      <LocationProbe />
    </MemoryRouter>,
  );
const lastList = () =>
  Object.fromEntries(
    api.calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/things').at(-1)!.url.searchParams,
  );
const nameHeader = () => screen.getByRole('columnheader', { name: 'Nome' });

beforeAll(() => {
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    active: 'Ativo',
    kind: 'Tipo',
  });
});
beforeEach(() => {
  api = serveFakeThings(45);
});

// Whole antd screens under jsdom take seconds to render, more on a busy machine.
jest.setTimeout(90_000);

describe('sorting', () => {
  it('shows the default order on its header, sorts by a click, and keeps sort and order in the URL', async () => {
    renderScreen();
    await screen.findByText('Thing 01');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    expect(lastList().sort).toBeUndefined();
    fireEvent.click(nameHeader());
    await waitFor(() => expect(location.search).toBe('?sort=name&order=desc'));
    await waitFor(() => expect(lastList()).toMatchObject({ sort: 'name', order: 'desc' }));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts from the keyboard: Enter on a focusable header', async () => {
    renderScreen('/things?sort=name&order=desc&page=2');
    await screen.findByText('Thing 23');
    expect(nameHeader()).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(nameHeader(), { key: 'Enter', keyCode: 13 });
    // A new order starts again at the first page.
    await waitFor(() => expect(location.search).toBe('?sort=name'));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
  });

  it("reads only the list's own sort keys and filters from the URL (never a prototype member)", async () => {
    renderScreen('/things?sort=toString&order=desc&kind=b&constructor=x');
    await screen.findByText('Thing 01');
    const sent = lastList();
    expect(sent.sort).toBeUndefined();
    expect(sent.order).toBeUndefined();
    expect(sent.kind).toBe('b');
    expect(Object.hasOwn(sent, 'constructor')).toBe(false);
  });
});

describe('filters', () => {
  it('reads the choice from the URL and sends it; clearing it starts again at page 1 with all rows', async () => {
    renderScreen('/things?page=2&kind=b');
    await screen.findByText('Thing 23');
    expect(lastList().kind).toBe('b');
    const filter = screen.getByTestId('filter-kind');
    expect(filter).toHaveTextContent('b');
    const clear = within(filter).getByRole('button', { name: 'Limpar Tipo' });
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(location.search).toBe(''));
    await waitFor(() => expect(lastList().kind).toBeUndefined());
  });
});

describe('focus', () => {
  it('goes back to the add button when the form closes', async () => {
    renderScreen();
    await screen.findByText('Thing 01');
    const add = screen.getByRole('button', { name: 'Adicionar' });
    add.focus();
    fireEvent.click(add);
    const dialog = (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it("goes back to the row's edit button when its form closes", async () => {
    renderScreen();
    const row = (await screen.findByText('Thing 03')).closest('tr')!;
    const edit = within(row).getByRole('button', { name: 'Editar' });
    edit.focus();
    fireEvent.click(edit);
    const dialog = (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('Cancelar'));
    await waitFor(() => expect(document.activeElement).toBe(edit));
  });

  it('stays on a pager button that is still usable after paging', async () => {
    renderScreen();
    await screen.findByText('Thing 01');
    const next = screen.getByRole('button', { name: 'Próxima página' });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('Thing 23');
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it('goes to the list when the pager button used is disabled (the last page)', async () => {
    api = serveFakeThings(25);
    renderScreen();
    await screen.findByText('Thing 01');
    const next = screen.getByRole('button', { name: 'Próxima página' });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('Thing 25');
    expect(next).toBeDisabled();
    const list = screen.getByRole('region', { name: 'Lista de coisas' });
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it('goes to the list when a deactivated row leaves it', async () => {
    renderScreen();
    const row = (await screen.findByText('Thing 01')).closest('tr')!;
    const toggle = within(row).getByRole('button', { name: 'Desativar' });
    toggle.focus();
    fireEvent.click(toggle);
    fireEvent.click((await screen.findAllByText('Desativar')).at(-1)!);
    fireEvent.click(await screen.findByText('Confirmar'));
    await waitFor(() => expect(screen.queryByText('Thing 01')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Lista de coisas' })));
  });
});

describe('the rows', () => {
  it('tag the status in colours that read at 4.5:1, and say when a parent is the reason', async () => {
    const withParent: ResourceDefinition<Thing & { parentInactive?: boolean }> = sortedThings;
    api.things[1] = { ...api.things[1]!, parentInactive: true } as Thing;
    renderScreen('/things', withParent as ResourceDefinition<Thing>);
    const active = within((await screen.findByText('Thing 01')).closest('tr')!).getByText('Ativo');
    expect(active.closest('.ant-tag')).toHaveStyle({ color: activenessColors.active.color });
    const byParent = within(screen.getByText('Thing 02').closest('tr')!).getByText('Inativo pelo nível superior');
    expect(byParent.closest('.ant-tag')).toHaveStyle({ color: activenessColors.inactiveByParent.color });
  });

  it('name their buttons by their text alone: no icon name leaks into it', async () => {
    renderScreen();
    await screen.findByText('Thing 01');
    expect(screen.getAllByRole('button', { name: 'Editar' })).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    // antd names its icons after their drawing ("edit", "close-circle"): only translated names may be read.
    const named = Array.from(document.querySelectorAll('button [role="img"]:not([aria-hidden="true"])'));
    expect(named.map((icon) => icon.getAttribute('aria-label'))).toEqual(['Limpar a busca']);
  });
});
