import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, api } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';

/**
 * Pictures served by the API need the Authorization header, which a bare <img src> does not
 * send: fetch them through the API client (the core's query cache keeps the file, so the
 * sidebar's and the profile's avatar ask once) and show an object URL. Other addresses pass through.
 */
export function useAuthorizedImage(url: string | null | undefined): string | null {
  const fromApi = Boolean(url?.startsWith(API_PREFIX));
  const { data: blob } = useQuery(
    {
      queryKey: ['authorized-image', url],
      queryFn: ({ signal }) => api.get(url!.slice(API_PREFIX.length), { signal }).blob(),
      enabled: Boolean(url) && fromApi,
    },
    queryClient,
  );
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!blob || !fromApi) {
      setObjectUrl(null);
      return;
    }
    // Each user of the file has its own object URL, revoked when it goes.
    const created = URL.createObjectURL(blob);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob, fromApi]);

  if (!url) return null;
  return fromApi ? objectUrl : url;
}
