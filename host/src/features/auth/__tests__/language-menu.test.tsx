import { act, fireEvent, render, screen } from '@testing-library/react';
import { currentLocale, setLanguage } from '@canteiro/shared/core';
import { LanguageMenu } from '../language-menu';

describe("the sign-in screens' language selector (spec §3), without antd", () => {
  afterEach(() => act(() => setLanguage('pt-BR')));

  it('opens by click, picks by click, and says the language it shows', async () => {
    render(<LanguageMenu />);
    const button = screen.getByRole('button', { name: 'Idioma / Language: Português' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'Português' })).toHaveAttribute('aria-selected', 'true');
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'English' })));
    expect(currentLocale()).toBe('en-US');
    expect(localStorage.getItem('language')).toBe('en-US');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Idioma / Language: English' })).toHaveFocus();
  });

  it('works by keyboard: the arrows open and move, Enter picks, Escape closes back on the button', async () => {
    render(<LanguageMenu />);
    const button = screen.getByRole('button', { name: /Idioma/ });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const list = screen.getByRole('listbox');
    expect(list).toHaveFocus();
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Português' }).id);
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'English' }).id);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button).toHaveFocus();
    expect(currentLocale()).toBe('pt-BR');

    fireEvent.keyDown(button, { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'End' });
    await act(async () => fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Enter' }));
    expect(currentLocale()).toBe('en-US');
  });

  it('closes on a click outside it, and on Tab, with nothing picked', () => {
    render(
      <>
        <LanguageMenu />
        <p>outside</p>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Idioma/ }));
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Idioma/ }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Tab' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(currentLocale()).toBe('pt-BR');
  });
});
