import { addTranslations } from '@canteiro/shared/core';
import { enUS } from './en-US';
import { ptBR } from './pt-BR';

addTranslations('host', { 'pt-BR': ptBR, 'en-US': enUS });
