import { render, screen } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import { Pager } from '../pager';
import { registerKitTranslations } from '../i18n';

/** The total and 'x de y' read as numbers in the user's language, singular or plural. */
const renderPager = (total: number, page = 1) =>
  render(<Pager page={page} pageSize={20} total={total} onChange={() => undefined} />);

beforeAll(() => registerKitTranslations());
afterEach(() => i18n.changeLanguage('pt-BR'));

test('says one record in the singular, none and many in words and thousands', () => {
  const { rerender } = renderPager(1);
  expect(screen.getByText('1 registro')).toBeInTheDocument();
  rerender(<Pager page={1} pageSize={20} total={0} onChange={() => undefined} />);
  expect(screen.getByText('Nenhum registro')).toBeInTheDocument();
  rerender(<Pager page={4001} pageSize={20} total={100_024} onChange={() => undefined} />);
  expect(screen.getByText('100.024 registros')).toBeInTheDocument();
  expect(screen.getByTestId('page-of')).toHaveTextContent('4.001 de 5.002');
});

test('in English, with its own separators', async () => {
  await i18n.changeLanguage('en-US');
  renderPager(100_024, 2);
  expect(screen.getByText('100,024 records')).toBeInTheDocument();
  expect(screen.getByTestId('page-of')).toHaveTextContent('2 of 5,002');
});

test('an empty list has no pages: "0 de 0" beside "Nenhum registro", every button disabled', () => {
  renderPager(0);
  expect(screen.getByText('Nenhum registro')).toBeInTheDocument();
  expect(screen.getByTestId('page-of')).toHaveTextContent('0 de 0');
  for (const name of ['Primeira página', 'Página anterior', 'Próxima página', 'Última página']) {
    expect(screen.getByRole('button', { name })).toBeDisabled();
  }
});

test('its icons are hidden from screen readers: the buttons are named by their labels alone', () => {
  renderPager(45);
  expect(screen.getByRole('button', { name: 'Próxima página' })).toBeInTheDocument();
  expect(document.querySelectorAll('[data-testid="pager"] [role="img"]:not([aria-hidden="true"])')).toHaveLength(0);
});
