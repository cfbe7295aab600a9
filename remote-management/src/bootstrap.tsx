import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneShell } from '@canteiro/shared/ui';
import module from './module';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <StandaloneShell module={module} />
  </StrictMode>,
);
