import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, useSession } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import type { LastContract } from '@canteiro/shared/domain';

/**
 * Filters that follow the user through the Dashboards module (docs/dashboards.md): one filter
 * state per contract — what the URL of the last screen read under that contract held — so
 * the sidebar's links (which carry no query), a change of contract and back, and a reload all
 * find the contract's filters again. Kept in this tab's session storage, per user; the
 * contract itself is kept on the server (`/api/dashboards/last-contract`), for every device.
 */

/** A contract's filters: the header's URL parameters but the contract, as the URL writes them. */
export type FollowedFilters = Record<string, string>;

const STORAGE_PREFIX = 'canteiro.dashFilters.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const storageKey = () => `${STORAGE_PREFIX}${useSession.getState().user?.id ?? 'anonymous'}`;

/** This user's filters by contract id (a Map: never a lookup by an input key). */
function readAll(): Map<number, FollowedFilters> {
  const raw = storage()?.getItem(storageKey());
  if (!raw) return new Map();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return new Map();
    const entries = parsed.filter(
      (entry): entry is [number, FollowedFilters] =>
        Array.isArray(entry) &&
        Number.isSafeInteger(entry[0]) &&
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        Object.values(entry[1] as object).every((value) => typeof value === 'string'),
    );
    return new Map(entries);
  } catch {
    return new Map();
  }
}

/** The filters last read under `contract` in this tab, or null. */
export function followedFiltersOf(contract: number): FollowedFilters | null {
  return readAll().get(contract) ?? null;
}

/** Keeps `filters` as the state of `contract` (only the parameters that hold a value). */
export function followFilters(contract: number, filters: FollowedFilters): void {
  const all = readAll();
  const kept = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  all.set(contract, kept);
  try {
    storage()?.setItem(storageKey(), JSON.stringify([...all]));
  } catch {
    // A full or refused storage: the filters follow in the URL only.
  }
}

/** Forgets every contract's filters (tests, and nothing else). */
export function forgetFollowedFilters(): void {
  storage()?.removeItem(storageKey());
}

const LAST_CONTRACT_KEY = ['dashboards', 'last-contract'] as const;

/**
 * The contract the server keeps for this user (null while unknown), and keeps it told: a
 * contract on screen that is not the kept one is written (the user chose it, or opened a link
 * to it). A failed write changes nothing the user sees.
 */
export function useLastContract(contract: number | null): number | null {
  const kept = useQuery(
    {
      queryKey: LAST_CONTRACT_KEY,
      queryFn: ({ signal }) => api.get('dashboards/last-contract', { signal }).json<LastContract>(),
      staleTime: Infinity,
      retry: false,
    },
    queryClient,
  );
  const known = kept.data?.contract ?? null;
  const settled = kept.isSuccess || kept.isError;
  useEffect(() => {
    if (!settled || contract === null || contract === known) return;
    queryClient.setQueryData<LastContract>(LAST_CONTRACT_KEY, { contract });
    api.put('dashboards/last-contract', { json: { contract } }).catch(() => undefined);
  }, [settled, contract, known]);
  return known;
}
