import { renderStandalone } from '@canteiro/shared/ui';
import module from './module';

renderStandalone(module);
