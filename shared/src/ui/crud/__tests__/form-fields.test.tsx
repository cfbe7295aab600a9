import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as v from 'valibot';
import { i18n } from '@canteiro/shared/core';
import { ResourceFormModal } from '../resource-form-modal';
import { dateFormats, parseTypedDate } from '../date-input';
import { registerKitTranslations } from '../i18n';
import { serveFakeThings, thingResource } from './fake-api';
import type { Thing } from './fake-api';
import type { ResourceDefinition } from '../types';

/** The form's marks and links for screen readers, focus on a failed save, and dates as people type them. */
const required = v.custom<unknown>((input) => input !== undefined && input !== null && input !== '', 'required');
const formThings: ResourceDefinition<Thing> = {
  ...thingResource,
  fields: [
    { name: 'name', labelKey: 'name', kind: 'text' },
    { name: 'note', labelKey: 'note', kind: 'text' },
    { name: 'group', labelKey: 'group', kind: 'select', options: ['x', 'y'] },
    {
      name: 'item',
      labelKey: 'item',
      kind: 'select',
      optionsFrom: { endpoint: 'things', dependsOn: { group: 'group' } },
    },
    { name: 'when', labelKey: 'when', kind: 'date' },
  ],
  createSchema: v.object({
    name: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required')),
    note: v.optional(v.string()),
    group: v.pipe(required, v.picklist(['x', 'y'], 'invalid_value')),
    item: v.pipe(required, v.number('invalid_value')),
    when: v.pipe(v.string('required'), v.nonEmpty('required'), v.isoDate('invalid_value')),
  }),
};

const renderForm = () =>
  render(
    <MemoryRouter>
      <ResourceFormModal<Thing> resource={formThings} item={null} onClose={() => undefined} onSaved={() => undefined} />
    </MemoryRouter>,
  );
const dialog = async () => (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;

beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    note: 'Nota',
    group: 'Grupo',
    item: 'Item',
    when: 'Quando',
    groups: { x: 'Grupo X', y: 'Grupo Y', z: 'Grupo Z' },
  });
});
beforeEach(() => {
  serveFakeThings(3);
});

jest.setTimeout(60_000);

describe('the form', () => {
  it('marks the required fields, visibly and with aria-required; an optional one has neither', async () => {
    renderForm();
    const modal = await dialog();
    const name = within(modal).getByLabelText('Nome');
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name.closest('.canteiro-form-field')!.querySelector('[data-testid="required-mark"]')).not.toBeNull();
    const note = within(modal).getByLabelText('Nota');
    expect(note).not.toHaveAttribute('aria-required');
    expect(note.closest('.canteiro-form-field')!.querySelector('[data-testid="required-mark"]')).toBeNull();
  });

  it('links each error to its field and moves focus to the first invalid one on a failed save', async () => {
    renderForm();
    const modal = await dialog();
    const save = within(modal).getByText('Salvar').closest('button')!;
    save.focus();
    fireEvent.click(save);
    const name = within(modal).getByLabelText('Nome');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAttribute('aria-describedby', 'field-name-error');
    expect(document.getElementById('field-name-error')).toHaveTextContent('Campo obrigatório.');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('shows a saved value that a fixed list no longer offers by its label, not as a bare value', async () => {
    const profileThings: ResourceDefinition<Thing & { group: string }> = {
      ...thingResource,
      fields: [{ name: 'group', labelKey: 'group', kind: 'select', options: ['x', 'y'], optionLabelPrefix: 'groups.' }],
    } as ResourceDefinition<Thing & { group: string }>;
    render(
      <MemoryRouter>
        <ResourceFormModal<Thing & { group: string }>
          resource={profileThings}
          item={{ id: 1, name: 'Thing 01', isActive: true, group: 'z' }}
          onClose={() => undefined}
          onSaved={() => undefined}
        />
      </MemoryRouter>,
    );
    const form = await dialog();
    expect(within(form).getByText('Grupo Z')).toBeInTheDocument();
    expect(within(form).queryByText('z')).not.toBeInTheDocument();
  });

  it('says nothing on a select that waits for its parent, until the parent is chosen', async () => {
    renderForm();
    const modal = await dialog();
    fireEvent.click(within(modal).getByText('Salvar'));
    await within(modal).findAllByText('Campo obrigatório.');
    const group = modal.querySelector('#field-group')!;
    const item = modal.querySelector('#field-item')!;
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(item).not.toHaveAttribute('aria-invalid');
    expect(document.getElementById('field-item-error')).toBeNull();
  });

  it('keeps a date it cannot read, with a message that says how to write one', async () => {
    renderForm();
    const modal = await dialog();
    const when = within(modal).getByLabelText('Quando');
    fireEvent.change(when, { target: { value: '31/02/2026' } });
    fireEvent.blur(when);
    fireEvent.click(within(modal).getByText('Salvar'));
    expect(await within(modal).findByText(/^Data inválida\. Use dd\/mm\/aaaa/)).toBeInTheDocument();
    expect(when).toHaveValue('31/02/2026');
  });

  it('reads a date typed the short way on blur', async () => {
    renderForm();
    const modal = await dialog();
    const when = within(modal).getByLabelText('Quando');
    fireEvent.change(when, { target: { value: '1/12/26' } });
    fireEvent.blur(when);
    await waitFor(() => expect(when).toHaveValue('01/12/2026'));
  });
});

describe('typed dates', () => {
  it.each([
    ['1/12/2026', '2026-12-01'],
    ['01/12/2026', '2026-12-01'],
    ['01/12/26', '2026-12-01'],
    ['01122026', '2026-12-01'],
    ['011226', '2026-12-01'],
    ['2026-12-01', '2026-12-01'],
    [' 1.12.2026 ', '2026-12-01'],
    ['', ''],
  ])('pt-BR reads %p day first', (typed, day) => {
    expect(parseTypedDate(typed, 'pt-BR')).toBe(day);
  });

  it.each([
    ['12/1/2026', '2026-12-01'],
    ['12/01/26', '2026-12-01'],
    ['12012026', '2026-12-01'],
    ['2026-12-01', '2026-12-01'],
  ])('en-US reads %p month first', (typed, day) => {
    expect(parseTypedDate(typed, 'en-US')).toBe(day);
  });

  it.each(['31/02/2026', '13/13/2026', 'amanhã', '1/12', '2026-02-30'])('refuses %p', (typed) => {
    expect(parseTypedDate(typed, 'pt-BR')).toBeNull();
  });

  it('shows dates with the language pattern first (antd displays the first format)', () => {
    expect(dateFormats('pt-BR')[0]).toBe('DD/MM/YYYY');
    expect(dateFormats('en-US')[0]).toBe('MM/DD/YYYY');
  });
});
