import { useEffect, useRef } from 'react';

/**
 * A row's dialog whose row leaves the list (the write's reload removed it) never calls its
 * `afterClose`: its owner still gets `onClosed(null)` — "the button is gone, focus the list" —
 * when it unmounts while a confirmed dialog is closing. Returns the flag to set on confirm.
 */
export function useClosedOnUnmount(onClosed: (button: HTMLElement | null) => void) {
  const closing = useRef(false);
  const latest = useRef(onClosed);
  latest.current = onClosed;
  useEffect(
    () => () => {
      if (closing.current) latest.current(null);
    },
    [],
  );
  return closing;
}
