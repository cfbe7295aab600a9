import { fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import { ListFilters } from '../list-filters';
import { registerKitTranslations } from '../i18n';

/** A list's date filter (the audit trail's "De" and "Até"): a day reaches the list only once it is one. */
beforeAll(() => registerKitTranslations());

function renderDate(onChange: (param: string, value: string | undefined) => void, value = '') {
  return render(
    <ListFilters
      filters={[{ param: 'from', labelKey: 'De', kind: 'date' }]}
      namespace="kit"
      t={i18n.t}
      values={{ from: value }}
      onChange={onChange}
    />,
  );
}

test('a day typed in the language of the screen goes to the list as YYYY-MM-DD', () => {
  const onChange = jest.fn();
  renderDate(onChange);
  const input = screen.getByPlaceholderText('De');
  fireEvent.change(input, { target: { value: '10/03/2026' } });
  fireEvent.blur(input);
  expect(onChange).toHaveBeenCalledWith('from', '2026-03-10');
});

test('a text that is no day never reaches the list; clearing it does', () => {
  const onChange = jest.fn();
  renderDate(onChange, '2026-03-10');
  const input = screen.getByDisplayValue('10/03/2026');
  fireEvent.change(input, { target: { value: '31/02' } });
  fireEvent.blur(input);
  expect(onChange).not.toHaveBeenCalled();
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.blur(input);
  expect(onChange).toHaveBeenLastCalledWith('from', undefined);
});
