import type { CSSProperties, ReactNode } from 'react';

/**
 * The screens' responsive grid: as many columns of at least `min` px as fit (two at 1064 px
 * for `min` 380, more at 1440 px), one when the content is narrower; a child never forces
 * the page wider (minmax(0, …) lets a chart shrink).
 */
export function FigureGrid({
  min = 380,
  children,
  style,
  testId,
}: {
  min?: number;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`,
        gap: 16,
        marginBottom: 16,
        alignItems: 'stretch',
        ...style,
      }}
    >
      {children}
    </div>
  );
}
