import type { ReactNode } from 'react';

/**
 * A chart's legend in the page, not in the SVG: a list a screen reader reads, each entry a
 * swatch (a square, or a short line for a line series) and its words; `mark` adds a glyph the
 * chart also draws (▲ ▼), so the entry does not rest on colour alone.
 */
export function Legend({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', listStyle: 'none', margin: '4px 0 0', padding: 0 }}
    >
      {children}
    </ul>
  );
}

export function LegendItem({
  colour,
  text,
  line = false,
  mark,
}: {
  colour: string;
  text: string;
  line?: boolean;
  mark?: string;
}) {
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 13 }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: line ? 16 : 10,
          height: line ? 3 : 10,
          borderRadius: 2,
          background: colour,
        }}
      />
      {mark ? <span aria-hidden>{mark}</span> : null}
      {text}
    </li>
  );
}
