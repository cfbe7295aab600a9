import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { navColors, themeTokens } from '@canteiro/shared/core';
import { formatFigure } from '@canteiro/shared/domain';
import type { ShareInterval } from '@canteiro/shared/domain';
import { LowConfidenceTag } from './figure-table';
import { useLocale } from './use-locale';
import { TARGET_COLOUR } from './target-line';

/** One ranked item: its share and that share's 95 % interval (DOMAIN.md §5). */
export interface IntervalItem {
  id: number | string;
  name: string;
  share: number | null;
  interval: ShareInterval | null;
  workers: number;
  /** Places it climbed (negative: fell) against the period before; null when it was not seen then. */
  moved?: number | null;
}

/** An item's movement as the list shows it: ▲ 2, ▼ 1, = (kept its place), or "novo"; its words as its title. */
function Movement({ moved, since }: { moved: number | null; since: string }) {
  const { t } = useTranslation('dash');
  const mark = moved === null ? t('dash:kit.movedNewMark') : moved > 0 ? `▲ ${moved}` : moved < 0 ? `▼ ${-moved}` : '=';
  return (
    <span
      data-testid="rank-item-moved"
      title={movementWords(t as TFunction, moved, since)}
      style={{ marginLeft: 6, whiteSpace: 'nowrap', color: themeTokens.colorTextSecondary }}
    >
      {mark}
    </span>
  );
}

/** The words of an item's movement, for the line's accessible name. */
function movementWords(t: TFunction, moved: number | null, since: string): string {
  if (moved === null) return t('dash:kit.movedNew', { since });
  if (moved === 0) return t('dash:kit.movedKept', { since });
  return moved > 0 ? t('dash:kit.movedUp', { count: moved, since }) : t('dash:kit.movedDown', { count: -moved, since });
}

/** Neighbouring items (in the order shown) whose intervals overlap: their order may be chance. */
export function overlappingPairs(items: IntervalItem[]): { overlapping: number; pairs: number } {
  let overlapping = 0;
  let pairs = 0;
  for (let index = 1; index < items.length; index += 1) {
    const [above, below] = [items[index - 1]!.interval, items[index]!.interval];
    if (!above || !below) continue;
    pairs += 1;
    if (above.low <= below.high && below.low <= above.high) overlapping += 1;
  }
  return { overlapping, pairs };
}

const NAME_WIDTH = '38%';
const VALUE_WIDTH = 160;

/**
 * A rank of shares with their 95 % intervals: one line per item, every item (the list scrolls
 * inside its card, and prints whole), its name whole on as many lines as it needs (a package's
 * block is what tells it apart), a bar for the share in its class's colour and a whisker from
 * the interval's low to its high end, the value and the observations beside it. Under it, a
 * sentence says how many neighbouring intervals overlap: an order that chance may explain.
 */
export function IntervalRank({
  items,
  colour,
  label,
  testId,
  maxHeight = 440,
  hrefOf,
  since,
  target,
  gap,
}: {
  items: IntervalItem[];
  colour: string;
  label: string;
  testId?: string;
  maxHeight?: number;
  /** The report list of an item's rows (drill-down.ts): its name becomes a link there. */
  hrefOf?: (item: IntervalItem) => string;
  /** The period before, written ("26/10–01/11"): each item shows how it moved since (`moved`). */
  since?: string;
  /** A target share (the contract's): a dashed mark on every track, the items under it marked in words. */
  target?: number | null;
  /**
   * A list shown by its ends: the items after the first `after` are its bottom, and `content`
   * (what lies between, and the way to show it) is a line between the two.
   */
  gap?: { after: number; content: ReactNode };
}) {
  const { t } = useTranslation('dash');
  const locale = useLocale();
  const percent = (value: number | null | undefined) => formatFigure(value ?? null, 'index', locale);
  // Neighbours are neighbours within each end: the first and the last items shown are not.
  const segments = gap ? [items.slice(0, gap.after), items.slice(gap.after)] : [items];
  const { overlapping, pairs } = segments
    .map(overlappingPairs)
    .reduce((sum, part) => ({ overlapping: sum.overlapping + part.overlapping, pairs: sum.pairs + part.pairs }));
  return (
    <figure data-testid={testId} style={{ margin: 0 }}>
      <div
        className="canteiro-scroll"
        // A region that scrolls is reached by the keyboard (its arrows scroll it).
        tabIndex={0}
        role="region"
        aria-label={label}
        style={{ maxHeight, overflowY: 'auto', border: `1px solid ${navColors.border}`, borderRadius: 4 }}
      >
        <ol style={{ listStyle: 'none', margin: 0, padding: '4px 8px' }}>
          {items.map((item, position) => {
            const text = t('dash:kit.rankItem', {
              name: item.name,
              value: percent(item.share),
              low: percent(item.interval?.low),
              high: percent(item.interval?.high),
              workers: formatFigure(item.workers, 'integer', locale),
            });
            const moved = since === undefined ? null : (item.moved ?? null);
            const below = target != null && item.share !== null && item.share < target;
            return (
              <Fragment key={item.id}>
                {gap && position === gap.after ? (
                  <li
                    data-testid="rank-gap"
                    style={{ padding: '8px 0', borderBottom: `1px solid ${navColors.border}`, fontSize: 13 }}
                  >
                    {gap.content}
                  </li>
                ) : null}
                <li
                  data-testid="rank-item"
                  aria-label={[
                    text,
                    ...(since === undefined ? [] : [movementWords(t as TFunction, moved, since)]),
                    ...(below ? [t('dash:kit.belowTarget')] : []),
                  ].join('; ')}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 8,
                    padding: '4px 0',
                    borderBottom: `1px solid ${navColors.border}`,
                    breakInside: 'avoid',
                  }}
                >
                  <span style={{ width: NAME_WIDTH, fontSize: 13, lineHeight: '17px', overflowWrap: 'anywhere' }}>
                    {hrefOf ? (
                      <Link
                        to={hrefOf(item)}
                        data-testid="rank-item-rows"
                        aria-label={t('dash:kit.openRows', { name: item.name })}
                      >
                        {item.name}
                      </Link>
                    ) : (
                      item.name
                    )}
                  </span>
                  <Whisker share={item.share} interval={item.interval} colour={colour} target={target ?? null} />
                  <span
                    aria-hidden
                    style={{ width: VALUE_WIDTH, flex: 'none', fontSize: 12, lineHeight: '16px', textAlign: 'right' }}
                  >
                    <span style={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', fontSize: 13 }}>
                      {percent(item.share)}
                    </span>
                    {since === undefined ? null : <Movement moved={moved} since={since} />}
                    <br />
                    <span style={{ color: themeTokens.colorTextSecondary, fontVariantNumeric: 'tabular-nums' }}>
                      {item.interval ? `${percent(item.interval.low)}–${percent(item.interval.high)}` : ''}
                      {' · '}
                      {t('dash:kit.observationsShort', { value: formatFigure(item.workers, 'integer', locale) })}
                    </span>
                    {below ? (
                      <>
                        <br />
                        <span data-testid="rank-item-below" style={{ color: TARGET_COLOUR, fontWeight: 600 }}>
                          {t('dash:kit.belowTarget')}
                        </span>
                      </>
                    ) : null}
                    {item.interval?.lowConfidence ? (
                      <>
                        <br />
                        <LowConfidenceTag />
                      </>
                    ) : null}
                  </span>
                </li>
              </Fragment>
            );
          })}
        </ol>
      </div>
      {pairs > 0 ? (
        <figcaption
          data-testid={testId ? `${testId}-overlap` : undefined}
          style={{ fontSize: 12, color: themeTokens.colorTextSecondary, marginTop: 4 }}
        >
          {overlapping > 0 ? t('dash:kit.overlap', { count: overlapping, pairs }) : t('dash:kit.noOverlap')}
          {since === undefined ? null : ` ${t('dash:kit.movedNote', { since })}`}
          {target == null ? null : ` ${t('dash:kit.targetNote', { value: percent(target) })}`}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The share as a bar from 0, its interval as a whisker with end caps, on a 0–100 % track. */
function Whisker({
  share,
  interval,
  colour,
  target,
}: {
  share: number | null;
  interval: ShareInterval | null;
  colour: string;
  target: number | null;
}) {
  const at = (value: number) => `${Math.min(100, Math.max(0, value * 100))}%`;
  return (
    <span aria-hidden style={{ position: 'relative', flex: 1, minWidth: 80, height: 18 }}>
      <span style={{ position: 'absolute', inset: '3px 0', background: '#f0f0f0' }} />
      {share === null ? null : (
        <span style={{ position: 'absolute', top: 3, bottom: 3, left: 0, width: at(share), background: colour }} />
      )}
      {target === null ? null : (
        <span
          data-testid="target-mark"
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: at(target),
            borderLeft: `2px dashed ${TARGET_COLOUR}`,
          }}
        />
      )}
      {interval ? (
        <span
          data-testid="whisker"
          style={{
            position: 'absolute',
            top: 2,
            bottom: 2,
            left: at(interval.low),
            width: `calc(${at(interval.high - interval.low)} + 1px)`,
            borderLeft: '2px solid #141414',
            borderRight: '2px solid #141414',
            boxSizing: 'border-box',
            // A white halo: the whisker stays visible over the darkest class's bar.
            filter: 'drop-shadow(0 0 1px #fff) drop-shadow(0 0 1px #fff)',
          }}
        >
          <span
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              top: '50%',
              height: 2,
              marginTop: -1,
              background: '#141414',
            }}
          />
        </span>
      ) : null}
    </span>
  );
}
