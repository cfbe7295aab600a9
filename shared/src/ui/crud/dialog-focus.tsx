import type { KeyboardEvent, ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from a dialog's last control goes to its first, Shift+Tab from the first to the last.
 * antd's trap only brings focus back once it has landed outside, so a Tab past the last
 * button first left the page for the browser's own controls.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const focusables = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'),
  );
  const first = focusables[0];
  const last = focusables.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** For antd's `modalRender`: the dialog's content inside a box that keeps Tab in it. */
export function tabCycle(node: ReactNode): ReactNode {
  return (
    <div onKeyDown={keepTabInside} style={{ display: 'contents' }}>
      {node}
    </div>
  );
}
