import './i18n/register';
import { mountApp } from './app/mount';
import { pageRoot } from './root';

mountApp(pageRoot());
