import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BuildOutlined,
  FileTextOutlined,
  FormOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { CanteiroModule } from '@canteiro/shared/core';
import { ModuleProviders, lazyResource, resourceModule } from '@canteiro/shared/ui';
import { enUS } from './i18n/en-US';
import { ptBR } from './i18n/pt-BR';

const organisation = () => import('./features/resources/organisation');
const people = () => import('./features/resources/people');
const audit = () => import('./features/resources/audit');

/** The Administration module (spec §2): its menu and routes, generated from its resources, under /admin. */
const { menu, routes } = resourceModule({
  start: { icon: <AppstoreOutlined />, load: () => import('./pages/welcome-page') },
  resources: [
    {
      path: 'base',
      icon: <BankOutlined />,
      permission: 'base',
      resource: () => organisation().then((m) => lazyResource(m.baseResource)),
    },
    {
      path: 'work',
      icon: <BuildOutlined />,
      permission: 'work',
      resource: () => organisation().then((m) => lazyResource(m.workResource)),
    },
    {
      path: 'contract',
      icon: <FileTextOutlined />,
      permission: 'contract',
      resource: () => organisation().then((m) => lazyResource(m.contractResource)),
    },
    {
      path: 'occurrence',
      icon: <WarningOutlined />,
      permission: 'admin',
      resource: () => people().then((m) => lazyResource(m.occurrenceResource)),
    },
    {
      path: 'survey',
      icon: <FormOutlined />,
      permission: 'admin',
      // Spec §2: the survey list reuses the activity report's title and description.
      titleKey: 'common:routes.activityReport.title',
      descriptionKey: 'common:routes.activityReport.description',
      resource: () => people().then((m) => lazyResource(m.surveyResource)),
    },
    { path: 'user', icon: <TeamOutlined />, resource: () => people().then((m) => lazyResource(m.userResource)) },
    {
      path: 'audit',
      icon: <AuditOutlined />,
      permission: 'admin',
      resource: () => audit().then((m) => lazyResource(m.auditResource)),
    },
  ],
});

const adminModule: CanteiroModule = {
  id: 'admin',
  basePath: '/admin',
  namespace: 'admin',
  translations: { 'pt-BR': ptBR, 'en-US': enUS },
  menu,
  routes,
  Providers: ModuleProviders,
};

export default adminModule;
