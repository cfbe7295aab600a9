import { useQueries } from '@tanstack/react-query';
import { api } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { FILTER_DIMENSIONS } from '@canteiro/shared/domain';
import type { DashboardMeta, FilterDimension } from '@canteiro/shared/domain';
import { resourceApi, resourceKeys } from '@canteiro/shared/ui';
import type { Option } from '@canteiro/shared/ui';
import { optionsOf } from './header-state';

type Named = 'contract' | FilterDimension;
type ContractRecord = { name: string; workName?: string | null; baseName?: string | null };

/**
 * The names of the contract (with its work and base: `GET /api/contracts/:id`, which every
 * back-office level reads within its scope) and of each dimension filter, from the options
 * lists the header's selects load (the same queries: no request of their own, and never a
 * record the user may not read — a 403 ends the session); `#id` until known. Without
 * `withContract` (the chips, which never name it) the contract's record is not asked for.
 */
export function useFilterNames(
  filters: Pick<DashboardMeta['filters'], 'contract' | FilterDimension>,
  { withContract = true }: { withContract?: boolean } = {},
): (filter: Named, id: number) => string {
  const dimensions = FILTER_DIMENSIONS.filter((dimension) => filters[dimension] !== undefined);
  const answers = useQueries(
    {
      queries: [
        {
          queryKey: resourceKeys.one('contracts', filters.contract),
          queryFn: ({ signal }: { signal: AbortSignal }) =>
            api.get(`contracts/${filters.contract}`, { signal }).json<ContractRecord>(),
          staleTime: 60_000,
          enabled: withContract,
        },
        ...dimensions.map((dimension) => {
          const { endpoint, params } = optionsOf(dimension, filters.contract);
          return {
            queryKey: resourceKeys.options(endpoint, JSON.parse(JSON.stringify(params)) as Record<string, unknown>),
            queryFn: ({ signal }: { signal: AbortSignal }) => resourceApi(endpoint).options(params, signal),
            // What the select has loaded is read as it is: a chip (or the print header) appearing
            // for a filter just picked fetched the list a second time (the client's staleTime is 0).
            // Asked for only when nobody has it yet (a link that names the filter).
            refetchOnMount: false,
          };
        }),
      ],
    },
    queryClient,
  );
  const names = new Map<Named, string>();
  const contract = answers[0]?.data as ContractRecord | undefined;
  if (contract?.name) {
    const within = [contract.workName, contract.baseName].filter(Boolean).join(' · ');
    names.set('contract', within ? `${contract.name} (${within})` : contract.name);
  }
  dimensions.forEach((dimension, index) => {
    const options = answers[index + 1]?.data as Option[] | undefined;
    const found = options?.find((option) => option.id === filters[dimension]);
    if (found) names.set(dimension, found.name);
  });
  return (filter, id) => names.get(filter) ?? `#${id}`;
}
