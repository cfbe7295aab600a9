import { useEffect, useState } from 'react';
import { api } from '@canteiro/shared/core';
import { DEFAULT_MAX_IMAGE_MB } from '@canteiro/shared/domain';

/** What `GET /api/settings` tells the screens. */
export interface ServerSettings {
  maxImageMb: number;
}

const DEFAULTS: ServerSettings = { maxImageMb: DEFAULT_MAX_IMAGE_MB };
let pending: Promise<ServerSettings> | null = null;

/** Asked once per page; on failure the defaults stand (the server enforces its own limits anyway). */
export function loadServerSettings(): Promise<ServerSettings> {
  pending ??= api
    .get('settings')
    .json<ServerSettings>()
    .then((settings) => ({ ...DEFAULTS, ...settings }))
    .catch(() => {
      pending = null;
      return DEFAULTS;
    });
  return pending;
}

/** Forgets the answer (tests, or a server whose settings changed). */
export function resetServerSettings(): void {
  pending = null;
}

export function useServerSettings(enabled = true): ServerSettings {
  const [settings, setSettings] = useState<ServerSettings>(DEFAULTS);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadServerSettings().then((loaded) => {
      if (live) setSettings(loaded);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return settings;
}
