import {
  AppstoreOutlined,
  BarChartOutlined,
  ClockCircleOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  HeartOutlined,
  RiseOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { CanteiroModule } from '@canteiro/shared/core';
import { ModuleProviders } from '@canteiro/shared/ui';
import { enUS } from './i18n/en-US';
import { ptBR } from './i18n/pt-BR';

/** The Dashboards module (spec §2), under /dash. Every screen needs the contract level. */
const dashModule: CanteiroModule = {
  id: 'dash',
  basePath: '/dash',
  namespace: 'dash',
  translations: { 'pt-BR': ptBR, 'en-US': enUS },
  menu: [
    { to: '', labelKey: 'menu.start', icon: <AppstoreOutlined /> },
    { to: 'project-health', labelKey: 'menu.projectHealth', icon: <HeartOutlined />, permission: 'contract' },
    { to: 'by-function', labelKey: 'menu.byFunction', icon: <TeamOutlined />, permission: 'contract' },
    { to: 'routine', labelKey: 'menu.routine', icon: <ClockCircleOutlined />, permission: 'contract' },
    { to: 'equipment', labelKey: 'menu.equipmentDash', icon: <ToolOutlined />, permission: 'contract' },
    { to: 'performance', labelKey: 'menu.performance', icon: <RiseOutlined />, permission: 'contract' },
    { to: 'activity-report', labelKey: 'menu.activityReport', icon: <FileSearchOutlined />, permission: 'contract' },
    { to: 'equipment-report', labelKey: 'menu.equipmentReport', icon: <DatabaseOutlined />, permission: 'contract' },
    { to: 'quantity-report', labelKey: 'menu.quantityReport', icon: <BarChartOutlined />, permission: 'contract' },
  ],
  routes: [
    {
      path: '',
      titleKey: 'routes.start.title',
      descriptionKey: 'routes.start.description',
      load: () => import('./pages/welcome-page'),
    },
    {
      path: 'activity-report',
      permission: 'contract',
      titleKey: 'common:routes.activityReport.title',
      descriptionKey: 'common:routes.activityReport.description',
      load: () => import('./pages/activity-report-page'),
    },
    {
      path: 'equipment-report',
      permission: 'contract',
      titleKey: 'routes.equipmentReport.title',
      descriptionKey: 'routes.equipmentReport.description',
      load: () => import('./pages/equipment-report-page'),
    },
    {
      path: 'quantity-report',
      permission: 'contract',
      titleKey: 'routes.quantityReport.title',
      descriptionKey: 'routes.quantityReport.description',
      load: () => import('./pages/quantity-report-page'),
    },
    {
      path: 'project-health',
      permission: 'contract',
      titleKey: 'routes.projectHealth.title',
      descriptionKey: 'routes.projectHealth.description',
      load: () => import('./pages/project-health-page'),
    },
    {
      path: 'by-function',
      permission: 'contract',
      titleKey: 'routes.byFunction.title',
      descriptionKey: 'routes.byFunction.description',
      load: () => import('./pages/by-function-page'),
    },
    {
      path: 'routine',
      permission: 'contract',
      titleKey: 'routes.routine.title',
      descriptionKey: 'routes.routine.description',
      load: () => import('./pages/routine-page'),
    },
    {
      path: 'equipment',
      permission: 'contract',
      titleKey: 'routes.equipment.title',
      descriptionKey: 'routes.equipment.description',
      load: () => import('./pages/equipment-page'),
    },
    {
      path: 'performance',
      permission: 'contract',
      titleKey: 'routes.performance.title',
      descriptionKey: 'routes.performance.description',
      load: () => import('./pages/performance-page'),
    },
  ],
  Providers: ModuleProviders,
};

export default dashModule;
