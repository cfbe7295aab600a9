import { useContext, useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/**
 * antd writes a picker's days of the next and previous months and the week numbers in
 * `colorTextDisabled` (#bfbfbf: 1.8:1 on white), though they are live cells one can pick:
 * axe counted 6–12 such nodes with a date or week picker open. In the header they take this
 * grey instead (5.3:1 on white, 4.9:1 on a hovered cell), still lighter than the month's days.
 */
export const PICKER_MUTED = '#6b6b6b';

/**
 * The header's pickers, legible and named as they read: the muted grey above, and the
 * year and month buttons of a calendar named by their text ("2026", "nov") — antd's locale
 * labels them "Escolher ano" / "Choose a year", a name that does not hold the visible text
 * (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
export function PickerTheme({ children }: { children: ReactNode }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const named = useMemo(() => {
    const picker = locale?.DatePicker;
    if (!locale || !picker) return locale;
    // Typed as required strings; left out, the buttons take their name from their text.
    const lang = { ...picker.lang, yearSelect: undefined, monthSelect: undefined } as unknown as typeof picker.lang;
    return { ...locale, DatePicker: { ...picker, lang } };
  }, [locale]);
  return (
    <ConfigProvider locale={named} theme={{ components: { DatePicker: { colorTextDisabled: PICKER_MUTED } } }}>
      {children}
    </ConfigProvider>
  );
}

/**
 * A time picker's panel whose hour and minute columns a keyboard can reach and scroll
 * (axe's scrollable-region-focusable): antd renders them as lists of plain items.
 */
export function FocusableColumns({ children }: { children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelectorAll<HTMLElement>('.ant-picker-time-panel-column').forEach((column) => {
      column.tabIndex = 0;
    });
  });
  return <div ref={panel}>{children}</div>;
}
