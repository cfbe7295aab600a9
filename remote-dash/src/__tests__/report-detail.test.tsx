import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n, useSession } from '@canteiro/shared/core';
import { forgetContexts, registerKitTranslations } from '@canteiro/shared/ui';
import { serve } from '../../../shared/test/network';
import { ReportScreen } from '../features/reports/report-screen';
import { activityReport } from '../features/reports/reports';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';

/**
 * A report row's detail (docs/reports.md, "Detail"): every field of the row, labelled — the id,
 * the notes and the report info included, which no column shows by default — so a row found by
 * a search in its notes shows why.
 */
const row = {
  id: '0b6c1f8e-1111-4aaa-8bbb-000000000001',
  contract: 1,
  reportTime: '2026-11-10T12:30:00.000Z',
  localDate: '2026-11-10',
  localTime: '09:30',
  user: 3,
  userName: 'Ana Apontadora',
  package: 1,
  packageName: 'Pacote 1',
  local: 2,
  localName: 'Pavimento 1',
  activity: 5,
  activityName: 'Armação de vigas',
  function: 7,
  functionName: 'Armador',
  occurrence: 9,
  occurrenceName: 'Produzindo',
  classification: 'value_adding',
  quantity: 4,
  notes: 'Faltou Prumo na laje',
  reportInfo: 'Enviado offline',
  isScheduled: true,
};

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
function fakeServer(request: Request) {
  const url = new URL(request.url);
  if (url.pathname === '/api/contracts/options') return json([{ id: 1, name: 'Contrato Alfa' }]);
  if (/^\/api\/\w+\/options$/.test(url.pathname)) return json([]);
  if (url.pathname === '/api/reports/activity') return json({ items: [row], total: 1, page: 1, pageSize: 20 });
  return json({});
}

beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'dash', ptBR, true, true);
  i18n.addResourceBundle('en-US', 'dash', enUS, true, true);
});
beforeEach(() => {
  localStorage.clear();
  serve(fakeServer);
  document.cookie = 'XSRF-TOKEN=x; path=/';
  useSession
    .getState()
    .signIn('token', { id: 1, email: 'a@b.c', username: 'a', permission_set: { value: 'admin', label: 'Admin' } });
  forgetContexts();
});
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});
jest.setTimeout(60_000);

const renderScreen = async (search = 'prumo') => {
  render(
    <MemoryRouter initialEntries={[`/reports?contract=1&search=${search}`]}>
      <ReportScreen report={activityReport} />
    </MemoryRouter>,
  );
  await screen.findByText('Armador');
};
const drawer = () => screen.getByRole('dialog');
/** The drawer's label → value pairs, as a screen reader reads its table. */
const fieldsShown = () =>
  Object.fromEntries(
    within(drawer())
      .getAllByRole('row')
      .map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]),
  );

it('shows every field of the row, the search marked in the notes; Escape gives focus back to the row', async () => {
  await renderScreen();
  const button = screen.getByRole('button', { name: 'Detalhes de 10/11/2026 09:30 · Armação de vigas' });
  // The list does not show the notes: the word searched for is only in the drawer.
  expect(screen.queryByText(/Prumo/)).toBeNull();
  button.focus();
  fireEvent.click(button);
  await waitFor(() => expect(drawer()).toBeVisible());
  expect(within(drawer()).getByText('Apontamento: 10/11/2026 09:30 · Armação de vigas')).toBeInTheDocument();
  expect(fieldsShown()).toEqual({
    'Data e hora': '10/11/2026 09:30',
    Pacote: 'Pacote 1',
    Local: 'Pavimento 1',
    Atividade: 'Armação de vigas',
    Função: 'Armador',
    Ocorrência: 'Produzindo',
    Classificação: 'Agrega valor',
    Pessoas: '4',
    Observações: 'Faltou Prumo na laje',
    'Informações do apontamento': 'Enviado offline',
    Programada: 'Sim',
    Apontador: 'Ana Apontadora',
    ID: row.id,
  });
  expect(drawer().querySelector('mark')?.textContent).toBe('Prumo');

  fireEvent.keyDown(drawer(), { key: 'Escape' });
  await waitFor(() => expect(button).toHaveFocus());
});

it('opens from a click on the row, in English too', async () => {
  await i18n.changeLanguage('en-US');
  await renderScreen('');
  fireEvent.click(screen.getByText('Armador'));
  await waitFor(() => expect(drawer()).toBeVisible());
  const fields = fieldsShown();
  expect(fields.Notes).toBe('Faltou Prumo na laje');
  expect(fields['Report information']).toBe('Enviado offline');
  expect(fields.Scheduled).toBe('Yes');
  expect(fields['Date and time']).toBe('11/10/2026 09:30');
  expect(drawer().querySelector('mark')).toBeNull();
});
