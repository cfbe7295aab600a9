import type { ReactNode } from 'react';

/**
 * A result screen's title (404, module error, work in progress) as the page's one `h1`:
 * antd's Result renders its title in a plain div, so this keeps its look and adds the heading.
 */
export function ResultHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{children}</h1>;
}
