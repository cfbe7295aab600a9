import { StrictMode } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { ModuleProviders } from '@canteiro/shared/ui';
import { App } from './app';
import './global-styles';

/** The shell on the page's root: at the start of any page but the login, or once the login hands over. */
export function mountApp(root: Root): void {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * `Controls` drawn in a hidden root inside the shell's providers, so that antd's theme and their
 * styles are computed ahead (while a person types on the login page); the returned function
 * removes them, once the shell has drawn its own.
 */
export function drawAhead(Controls: ComponentType): () => void {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.setAttribute('aria-hidden', 'true');
  document.body.appendChild(holder);
  const root = createRoot(holder);
  root.render(
    <ModuleProviders>
      <Controls />
    </ModuleProviders>,
  );
  return () => {
    root.unmount();
    holder.remove();
  };
}
