import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

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
