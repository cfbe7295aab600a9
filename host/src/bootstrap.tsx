import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { addTranslations } from '@canteiro/shared/core';
import { App } from './app/app';
import { enUS } from './i18n/en-US';
import { ptBR } from './i18n/pt-BR';
import './app/global-styles';

addTranslations('host', { 'pt-BR': ptBR, 'en-US': enUS });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
