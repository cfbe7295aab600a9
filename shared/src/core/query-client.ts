import { QueryClient } from '@tanstack/react-query';
// By name, not './session.js': this entry is its own federation singleton and must meet the core's store.
import { useSession } from '@canteiro/shared/core';

/**
 * The page's ONE TanStack Query client (docs/frontend.md, "Server state"): a singleton of the
 * federation, like the session store and the API client, so the host's and every module's
 * reads share one cache and a write anywhere refreshes every list that shows it. Hooks pass it
 * explicitly (`useQuery(options, queryClient)`), so no provider is needed around a screen.
 *
 * Its own entry (`@canteiro/shared/core/query`), not the core index: the host's login page
 * loads the core at start, and TanStack Query only arrives with the first screen that reads.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The screens ask again when they mount or their query changes; a retry is the user's
      // button (the spec's error messages), not three silent attempts.
      retry: false,
      staleTime: 0,
      refetchOnWindowFocus: false,
    },
  },
});

// No answer of one user is ever shown to the next: signing out (or in as another) empties the cache.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});
