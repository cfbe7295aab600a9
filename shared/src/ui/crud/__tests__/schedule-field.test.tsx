import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as v from 'valibot';
import { i18n } from '@canteiro/shared/core';
import { DEFAULT_WORK_SCHEDULE, workScheduleSchema } from '@canteiro/shared/domain';
import { serve } from '../../../../test/network';
import { ResourceFormModal } from '../resource-form-modal';
import { registerKitTranslations } from '../i18n';
import { serveFakeThings, thingResource } from './fake-api';
import type { Thing } from './fake-api';
import type { ResourceDefinition } from '../types';

/** The work schedule editor of a form (a contract's hours per weekday): by mouse and keyboard, its errors on their day. */
const scheduled = (schema: v.GenericSchema = workScheduleSchema): ResourceDefinition<Thing> => ({
  ...thingResource,
  fields: [
    { name: 'name', labelKey: 'name', kind: 'text' },
    { name: 'workSchedule', labelKey: 'schedule', kind: 'schedule' },
  ],
  createSchema: v.object({ name: v.pipe(v.string('required'), v.nonEmpty('required')), workSchedule: schema }),
});

const renderForm = (resource = scheduled()) =>
  render(
    <MemoryRouter>
      <ResourceFormModal<Thing> resource={resource} item={null} onClose={() => undefined} onSaved={() => undefined} />
    </MemoryRouter>,
  );
const dialog = async () => (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
const day = (modal: HTMLElement, name: string) => within(modal).getByRole('group', { name });
const save = (modal: HTMLElement) => fireEvent.click(within(modal).getByText('Salvar').closest('button')!);

beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    schedule: 'Jornada',
  });
});

jest.setTimeout(60_000);

describe('the work schedule field', () => {
  it('starts a new row at the default schedule, a labelled group of weekdays', async () => {
    serveFakeThings(0);
    renderForm();
    const modal = await dialog();
    const schedule = within(modal).getByRole('group', { name: 'Jornada' });
    expect(
      within(schedule)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo']);
    const monday = day(modal, 'Segunda');
    expect(within(monday).getByLabelText('Segunda, intervalo 1: início')).toHaveValue('07:00');
    expect(within(monday).getByLabelText('Segunda, intervalo 2: fim')).toHaveValue('17:00');
    expect(within(day(modal, 'Sábado')).getAllByRole('textbox')).toHaveLength(2);
    expect(within(day(modal, 'Domingo')).getByText('Sem expediente')).toBeInTheDocument();
  });

  it('adds and removes intervals, focus following, and sends what was typed', async () => {
    const api = serveFakeThings(0);
    renderForm();
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Nome'), { target: { value: 'Turno' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Adicionar intervalo: Domingo' }));
    const sundayStart = await within(modal).findByLabelText('Domingo, intervalo 1: início');
    await waitFor(() => expect(sundayStart).toHaveFocus());
    fireEvent.change(sundayStart, { target: { value: '08:00' } });
    // A second Saturday interval starts where the first ends, for an hour.
    fireEvent.click(within(modal).getByRole('button', { name: 'Adicionar intervalo: Sábado' }));
    expect(within(modal).getByLabelText('Sábado, intervalo 2: início')).toHaveValue('12:00');
    expect(within(modal).getByLabelText('Sábado, intervalo 2: fim')).toHaveValue('13:00');
    fireEvent.click(within(modal).getByRole('button', { name: 'Remover o intervalo 2 de Sábado' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Remover o intervalo 2 de Segunda' }));
    await waitFor(() =>
      expect(within(modal).getByRole('button', { name: 'Adicionar intervalo: Segunda' })).toHaveFocus(),
    );
    save(modal);
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = api.calls.find((call) => call.method === 'POST')!.body as { workSchedule: unknown };
    expect(sent.workSchedule).toEqual({
      ...DEFAULT_WORK_SCHEDULE,
      '1': [{ start: '07:00', end: '12:00' }],
      '7': [{ start: '08:00', end: '12:00' }],
    });
  });

  it('shows a bad interval on its day, the input marked and described, and sends nothing', async () => {
    const api = serveFakeThings(0);
    renderForm();
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Nome'), { target: { value: 'Turno' } });
    const end = within(modal).getByLabelText('Sábado, intervalo 1: fim');
    fireEvent.change(end, { target: { value: '06:00' } });
    save(modal);
    const message = await within(day(modal, 'Sábado')).findByText('O início do intervalo deve ser anterior ao fim.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAttribute('aria-describedby', message.id);
    expect(within(modal).getByLabelText('Sábado, intervalo 1: início')).not.toHaveAttribute('aria-invalid');
    // Overlapping intervals: the message is the day's.
    fireEvent.change(end, { target: { value: '12:00' } });
    fireEvent.change(within(modal).getByLabelText('Segunda, intervalo 2: início'), { target: { value: '11:00' } });
    expect(await within(day(modal, 'Segunda')).findByText('Os intervalos do dia se sobrepõem.')).toBeInTheDocument();
    expect(within(day(modal, 'Sábado')).queryByRole('alert')).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("puts the server's code on the day it names", async () => {
    const api = serveFakeThings(0);
    const refused = { 'workSchedule.2.0.end': 'interval_start_not_before_end' };
    serve((request) =>
      request.method === 'POST'
        ? Response.json({ code: 'validation_failed', message: 'x', fields: refused }, { status: 400 })
        : api.fetch(request),
    );
    renderForm(scheduled(v.any()));
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Nome'), { target: { value: 'Turno' } });
    save(modal);
    expect(
      await within(day(modal, 'Terça')).findByText('O início do intervalo deve ser anterior ao fim.'),
    ).toBeInTheDocument();
    expect(within(modal).getByLabelText('Terça, intervalo 1: fim')).toHaveAttribute('aria-invalid', 'true');
    expect(within(modal).getByLabelText('Terça, intervalo 1: início')).not.toHaveAttribute('aria-invalid');
  });
});
