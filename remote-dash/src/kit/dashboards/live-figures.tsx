import { useCallback, useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_PREFIX, currentLocale, useSession } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import { AUTH_SCHEME, formatFigure } from '@canteiro/shared/domain';
import { useLocale } from './use-locale';

/** How long to wait before opening the stream again after it ended (the server's `retry:`). */
export const LIVE_RETRY_MS = 3_000;

interface LiveEvent {
  event: string;
  data: { version: string; observations: number };
}

/** The events of a server-sent event stream's text, and what is left of an unfinished one. */
export function parseEvents(buffer: string): { events: LiveEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (!event || !data) return [];
    try {
      return [{ event, data: JSON.parse(data) as LiveEvent['data'] }];
    } catch {
      return [];
    }
  });
  return { events, rest };
}

/** What arrived since the figures on screen were asked for. */
export interface LiveState {
  /** Observations (activity and equipment rows) ingested since. */
  observations: number;
  /** The contract's data changed since (new rows, or rows edited or removed). */
  changed: boolean;
}

const NOTHING: LiveState = { observations: 0, changed: false };

/**
 * Live figures (docs/dashboards.md): `GET /api/dashboards/live` for the contract on screen,
 * read as it streams (with the session's header), again after it ends
 * (a node draining, the network). Counts what arrived since `since` (the answer on screen)
 * changed; never asks for the figures itself — `refresh` does, when the reader chooses.
 */
export function useLiveFigures(contract: number | null, since: string | null): LiveState & { refresh(): void } {
  const [state, setState] = useState<LiveState>(NOTHING);
  // A new answer (the reader refreshed, or changed a filter) holds everything before it.
  useEffect(() => setState(NOTHING), [contract, since]);

  useEffect(() => {
    if (contract === null) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The version last heard: a stream opened again on another version missed something.
    let known: string | null = null;
    const listen = async () => {
      // The count of this stream at the last event: each stream counts from its own opening.
      let counted = 0;
      try {
        // Plain fetch, not the shared client: its hooks read a clone of every answer, and the
        // clone of a stream that never ends would keep every byte of it.
        const token = useSession.getState().token;
        const url = new URL(`${API_PREFIX}dashboards/live`, window.location.href);
        url.searchParams.set('contract', String(contract));
        const response = await fetch(url, {
          headers: {
            ...(token ? { authorization: `${AUTH_SCHEME} ${token}` } : {}),
            'accept-language': currentLocale(),
          },
          credentials: 'same-origin',
          signal: controller.signal,
        });
        // A refusal (out of scope, signed out) is for good: the screen's own requests say why.
        if (response.status >= 400 && response.status < 500) return;
        if (!response.ok || !response.body) throw new Error(`live: ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const { event, data } of parsed.events) {
            if (event === 'ready') {
              if (known !== null && data.version !== known) setState((now) => ({ ...now, changed: true }));
              known = data.version;
            } else if (event === 'change' && data.observations >= counted) {
              const added = data.observations - counted;
              counted = data.observations;
              known = data.version;
              setState((now) => ({ observations: now.observations + added, changed: true }));
            }
          }
        }
      } catch {
        // The network, or the node went away: tried again below (nothing to tell the reader).
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void listen(), LIVE_RETRY_MS);
    };
    void listen();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [contract]);

  const refresh = useCallback(() => {
    setState(NOTHING);
    void queryClient.invalidateQueries({ queryKey: ['dashboards'] });
  }, []);
  return { ...state, refresh };
}

/**
 * "3 novas observações — atualizar": what arrived since the figures on screen, and the button
 * that redraws them. Announced politely; the figures never change under the reader's eyes.
 */
export function LiveBanner({ live }: { live: ReturnType<typeof useLiveFigures> }) {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  return (
    <div aria-live="polite" data-testid="live-region">
      {live.changed ? (
        <Alert
          type="info"
          showIcon
          data-testid="live-banner"
          style={{ marginBottom: 12 }}
          message={
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
              <span data-testid="live-count">
                {live.observations > 0
                  ? t('dash:live.new', {
                      count: live.observations,
                      formatted: formatFigure(live.observations, 'integer', locale),
                    })
                  : t('dash:live.changed')}
              </span>
              <span aria-hidden>—</span>
              <Button
                size="small"
                icon={<SyncOutlined aria-hidden />}
                onClick={live.refresh}
                data-testid="live-refresh"
              >
                {t('dash:live.refresh')}
              </Button>
            </span>
          }
        />
      ) : null}
    </div>
  );
}
