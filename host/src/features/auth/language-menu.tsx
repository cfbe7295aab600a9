import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, setLanguage } from '@canteiro/shared/core';
import { LANGUAGE_OPTIONS, LANGUAGE_SELECTOR_LABEL } from '@canteiro/shared/ui';
import type { LanguageOption } from '@canteiro/shared/ui';
import './auth-styles';

function Flag({ option }: { option: LanguageOption }) {
  return <img src={option.flag} alt="" width={20} height={14} />;
}

/**
 * The sign-in screens' language selector: the shell's one (an antd Select) without antd. A
 * button opens a listbox; the arrows move, Enter or Space picks, Escape and Tab close, and a
 * click outside closes it (the WAI-ARIA select-only combobox's keys).
 */
export function LanguageMenu() {
  useTranslation(); // drawn again when the language changes
  const value = currentLocale();
  const current = LANGUAGE_OPTIONS.find((option) => option.value === value) ?? LANGUAGE_OPTIONS[0]!;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const outside = (event: MouseEvent) => {
      if (!frame.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const show = () => {
    setActive(Math.max(0, LANGUAGE_OPTIONS.indexOf(current)));
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = (option: LanguageOption) => {
    close(true);
    if (option.value !== value) void setLanguage(option.value);
  };
  const onListKey = (event: KeyboardEvent) => {
    const last = LANGUAGE_OPTIONS.length - 1;
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((at) => Math.min(last, at + 1)),
      ArrowUp: () => setActive((at) => Math.max(0, at - 1)),
      Home: () => setActive(0),
      End: () => setActive(last),
      Enter: () => pick(LANGUAGE_OPTIONS[active]!),
      ' ': () => pick(LANGUAGE_OPTIONS[active]!),
      Escape: () => close(true),
    };
    if (event.key === 'Tab') return close(false);
    if (!Object.hasOwn(moves, event.key)) return;
    event.preventDefault();
    moves[event.key]!();
  };

  return (
    <div className="canteiro-language" ref={frame}>
      <button
        ref={button}
        type="button"
        className="canteiro-language-button"
        data-testid="language-selector"
        aria-label={`${LANGUAGE_SELECTOR_LABEL}: ${current.label}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            show();
          }
        }}
      >
        <Flag option={current} />
        {current.label}
        <svg viewBox="0 0 1024 1024" width="12" height="12" fill="currentColor" aria-hidden="true">
          <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
        </svg>
      </button>
      {open ? (
        <ul
          ref={list}
          id={`${id}-list`}
          role="listbox"
          aria-label={LANGUAGE_SELECTOR_LABEL}
          tabIndex={-1}
          className="canteiro-language-list"
          aria-activedescendant={`${id}-${LANGUAGE_OPTIONS[active]!.value}`}
          onKeyDown={onListKey}
        >
          {LANGUAGE_OPTIONS.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-${option.value}`}
              role="option"
              aria-selected={option.value === value}
              data-active={index === active}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(option)}
            >
              <Flag option={option} />
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
