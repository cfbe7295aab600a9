import {
  ApartmentOutlined,
  AppstoreOutlined,
  BlockOutlined,
  BorderOuterOutlined,
  CarryOutOutlined,
  EnvironmentOutlined,
  IdcardOutlined,
  InboxOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { CanteiroModule, ModuleRoute } from '@canteiro/shared/core';
import { ModuleProviders } from '@canteiro/shared/ui';
import { enUS } from './i18n/en-US';
import { ptBR } from './i18n/pt-BR';

const CATALOGUE = ['discipline', 'area', 'local', 'block', 'package', 'activity', 'function', 'equipment'] as const;

/** The Management module (spec §2): the site catalogue of each contract, under /management. */
const managementModule: CanteiroModule = {
  id: 'management',
  basePath: '/management',
  namespace: 'management',
  translations: { 'pt-BR': ptBR, 'en-US': enUS },
  menu: [
    { to: '', labelKey: 'menu.start', icon: <AppstoreOutlined /> },
    { to: 'discipline', labelKey: 'menu.discipline', icon: <ApartmentOutlined /> },
    { to: 'area', labelKey: 'menu.area', icon: <BorderOuterOutlined />, permission: 'contract' },
    { to: 'local', labelKey: 'menu.local', icon: <EnvironmentOutlined />, permission: 'contract' },
    { to: 'block', labelKey: 'menu.block', icon: <BlockOutlined />, permission: 'contract' },
    { to: 'package', labelKey: 'menu.package', icon: <InboxOutlined />, permission: 'contract' },
    { to: 'activity', labelKey: 'menu.activity', icon: <CarryOutOutlined />, permission: 'contract' },
    { to: 'function', labelKey: 'menu.function', icon: <IdcardOutlined />, permission: 'contract' },
    { to: 'equipment', labelKey: 'menu.equipment', icon: <ToolOutlined />, permission: 'contract' },
  ],
  routes: [
    {
      path: '',
      titleKey: 'routes.start.title',
      descriptionKey: 'routes.start.description',
      load: () => import('./pages/welcome-page'),
    },
    ...CATALOGUE.map((entity): ModuleRoute => ({
      path: entity,
      permission: 'contract',
      titleKey: `routes.${entity}.title`,
      descriptionKey: `routes.${entity}.description`,
    })),
  ],
  Providers: ModuleProviders,
};

export default managementModule;
