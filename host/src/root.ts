import { createRoot } from 'react-dom/client';

/** The page's React root, on the template's #root element. */
export function pageRoot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  return createRoot(container);
}
