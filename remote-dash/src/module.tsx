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

import type { ComponentType, ReactNode } from 'react';
import type { DashboardName } from '@canteiro/shared/domain';
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';

/** A screen of the module: its menu entry and its route, declared once. */
interface Screen {
  path: string;
  menuKey: string;
  icon: ReactNode;
  /** The route's title and description keys. */
  words: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** Each dashboard's screen (typed over the shared names: a dashboard without a screen does not compile). */
const DASHBOARD_SCREENS: Record<DashboardName, Omit<Screen, 'path'>> = {
  'project-health': {
    menuKey: 'menu.projectHealth',
    icon: <HeartOutlined />,
    words: 'routes.projectHealth',
    load: () => import('./pages/project-health-page'),
  },
  'by-function': {
    menuKey: 'menu.byFunction',
    icon: <TeamOutlined />,
    words: 'routes.byFunction',
    load: () => import('./pages/by-function-page'),
  },
  routine: {
    menuKey: 'menu.routine',
    icon: <ClockCircleOutlined />,
    words: 'routes.routine',
    load: () => import('./pages/routine-page'),
  },
  equipment: {
    menuKey: 'menu.equipmentDash',
    icon: <ToolOutlined />,
    words: 'routes.equipment',
    load: () => import('./pages/equipment-page'),
  },
  performance: {
    menuKey: 'menu.performance',
    icon: <RiseOutlined />,
    words: 'routes.performance',
    load: () => import('./pages/performance-page'),
  },
};

/** The dashboards, then the three report lists: the menu's order. */
const SCREENS: Screen[] = [
  ...DASHBOARD_NAMES.map((path) => ({ path, ...DASHBOARD_SCREENS[path] })),
  {
    path: 'activity-report',
    menuKey: 'menu.activityReport',
    icon: <FileSearchOutlined />,
    words: 'common:routes.activityReport',
    load: () => import('./pages/activity-report-page'),
  },
  {
    path: 'equipment-report',
    menuKey: 'menu.equipmentReport',
    icon: <DatabaseOutlined />,
    words: 'routes.equipmentReport',
    load: () => import('./pages/equipment-report-page'),
  },
  {
    path: 'quantity-report',
    menuKey: 'menu.quantityReport',
    icon: <BarChartOutlined />,
    words: 'routes.quantityReport',
    load: () => import('./pages/quantity-report-page'),
  },
];

/** The Dashboards module (spec §2), under /dash. Every screen needs the contract level. */
const dashModule: CanteiroModule = {
  id: 'dash',
  basePath: '/dash',
  namespace: 'dash',
  translations: { 'pt-BR': ptBR, 'en-US': enUS },
  menu: [
    { to: '', labelKey: 'menu.start', icon: <AppstoreOutlined /> },
    ...SCREENS.map(({ path, menuKey, icon }) => ({
      to: path,
      labelKey: menuKey,
      icon,
      permission: 'contract' as const,
    })),
  ],
  routes: [
    {
      path: '',
      titleKey: 'routes.start.title',
      descriptionKey: 'routes.start.description',
      load: () => import('./pages/welcome-page'),
    },
    ...SCREENS.map(({ path, words, load }) => ({
      path,
      permission: 'contract' as const,
      titleKey: `${words}.title`,
      descriptionKey: `${words}.description`,
      load,
    })),
  ],
  Providers: ModuleProviders,
};

export default dashModule;
