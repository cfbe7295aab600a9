import { useEffect, useState } from 'react';
import { API_PREFIX, api } from '@canteiro/shared/core';

/**
 * Pictures served by the API need the Authorization header, which a bare <img src> does not
 * send: fetch them through the API client and show an object URL. Other addresses pass through.
 */
export function useAuthorizedImage(url: string | null | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const fromApi = Boolean(url?.startsWith(API_PREFIX));

  useEffect(() => {
    if (!url || !fromApi) return;
    const controller = new AbortController();
    let created: string | null = null;
    api
      .get(url.slice(API_PREFIX.length), { signal: controller.signal })
      .blob()
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, fromApi]);

  if (!url) return null;
  return fromApi ? objectUrl : url;
}
