import {
  AppstoreOutlined,
  BankOutlined,
  BuildOutlined,
  FileTextOutlined,
  FormOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { CanteiroModule } from '@canteiro/shared/core';
import { ModuleProviders } from '@canteiro/shared/ui';
import { enUS } from './i18n/en-US';
import { ptBR } from './i18n/pt-BR';

const welcome = () => import('./pages/welcome-page');

/** The Administration module (spec §2): its menu and routes, mounted by the host under /admin. */
const adminModule: CanteiroModule = {
  id: 'admin',
  basePath: '/admin',
  namespace: 'admin',
  translations: { 'pt-BR': ptBR, 'en-US': enUS },
  menu: [
    { to: '', labelKey: 'menu.start', icon: <AppstoreOutlined /> },
    { to: 'base', labelKey: 'menu.base', icon: <BankOutlined />, permission: 'base' },
    { to: 'work', labelKey: 'menu.work', icon: <BuildOutlined />, permission: 'work' },
    { to: 'contract', labelKey: 'menu.contract', icon: <FileTextOutlined />, permission: 'contract' },
    { to: 'occurrence', labelKey: 'menu.occurrence', icon: <WarningOutlined />, permission: 'admin' },
    { to: 'survey', labelKey: 'menu.survey', icon: <FormOutlined />, permission: 'admin' },
    { to: 'user', labelKey: 'menu.user', icon: <TeamOutlined /> },
  ],
  routes: [
    { path: '', titleKey: 'routes.start.title', descriptionKey: 'routes.start.description', load: welcome },
    {
      path: 'base',
      load: () => import('./pages/base-page'),
      permission: 'base',
      titleKey: 'routes.base.title',
      descriptionKey: 'routes.base.description',
    },
    {
      path: 'user',
      load: () => import('./pages/user-page'),
      titleKey: 'routes.user.title',
      descriptionKey: 'routes.user.description',
    },
    {
      path: 'work',
      load: () => import('./pages/work-page'),
      permission: 'work',
      titleKey: 'routes.work.title',
      descriptionKey: 'routes.work.description',
    },
    {
      path: 'contract',
      load: () => import('./pages/contract-page'),
      permission: 'contract',
      titleKey: 'routes.contract.title',
      descriptionKey: 'routes.contract.description',
    },
    {
      path: 'occurrence',
      load: () => import('./pages/occurrence-page'),
      permission: 'admin',
      titleKey: 'routes.occurrence.title',
      descriptionKey: 'routes.occurrence.description',
    },
    // Spec §2: the survey list reuses the activity report's title and description.
    {
      path: 'survey',
      load: () => import('./pages/survey-page'),
      permission: 'admin',
      titleKey: 'common:routes.activityReport.title',
      descriptionKey: 'common:routes.activityReport.description',
    },
  ],
  Providers: ModuleProviders,
};

export default adminModule;
