import './i18n/register';
import { startLogin } from './app/login-start';
import { pageRoot } from './root';

startLogin(pageRoot());
