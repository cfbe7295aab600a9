import type { ReactNode } from 'react';
import { themeTokens } from '@canteiro/shared/core';
import { fieldErrorId } from '@canteiro/shared/ui';

/** A labelled control of the header, its message below (pointed at by the control's `aria-describedby`). */
export function Cell({
  id,
  label,
  error,
  children,
  wide = false,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  /** Two columns of the grid (the week, written with its dates). */
  wide?: boolean;
}) {
  return (
    <div style={{ minWidth: 0, ...(wide ? { gridColumn: 'span 2' } : {}) }}>
      <label
        htmlFor={id}
        style={{ display: 'block', fontSize: 13, marginBottom: 2, color: themeTokens.colorTextSecondary }}
      >
        {label}
      </label>
      {children}
      {error ? (
        <div
          role="alert"
          id={fieldErrorId(id)}
          data-testid={`${id}-error`}
          style={{ color: themeTokens.colorError, fontSize: 13, marginTop: 2, lineHeight: '17px' }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The ARIA of a control whose field may carry a message. */
export const ariaOf = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};

export const idOf = (name: string) => `dash-filter-${name}`;
