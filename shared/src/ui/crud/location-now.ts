import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

// The kit's one reach into react-router's history (UNSAFE_NavigationContext): these two hooks.

/** Where the router's history is now. */
export interface LocationNow {
  pathname: string;
  search: string;
}

/**
 * The address as the router's history holds it when the returned function is called, without
 * subscribing to it (`useLocation` re-renders its component on every address change). For a
 * write or a link made later than the render: a late default range (useUrlState), a chart's
 * drill-down (remote-dash). Null when the history does not say (BrowserRouter's and
 * MemoryRouter's both do, in react-router 7).
 */
export function useLocationNow(): () => LocationNow | null {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(() => (navigator as { location?: LocationNow }).location ?? null, [navigator]);
}

/**
 * Goes to an absolute address through the router's history, without subscribing to the address
 * (`useNavigate` re-renders its component on every address change, to resolve relative paths).
 * For a link followed later than the render: a chart's drill-down (remote-dash).
 */
export function usePushAddress(): (address: string) => void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback((address: string) => navigator.push(address), [navigator]);
}
