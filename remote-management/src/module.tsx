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
import type { ReactNode } from 'react';
import type { CanteiroModule } from '@canteiro/shared/core';
import type { CatalogueEntity } from '@canteiro/shared/domain';
import { CATALOGUE_ENTITIES } from '@canteiro/shared/domain';
import { ModuleProviders, lazyResource, resourceModule } from '@canteiro/shared/ui';
import type { ResourceEntry } from '@canteiro/shared/ui';
import { enUS } from './i18n/en-US';
import { ptBR } from './i18n/pt-BR';

const ICONS: Record<CatalogueEntity, ReactNode> = {
  discipline: <ApartmentOutlined />,
  area: <BorderOuterOutlined />,
  local: <EnvironmentOutlined />,
  block: <BlockOutlined />,
  package: <InboxOutlined />,
  activity: <CarryOutOutlined />,
  function: <IdcardOutlined />,
  equipment: <ToolOutlined />,
};

/** Each entity's definition, in its own chunk. */
const DEFINITIONS: Record<CatalogueEntity, ResourceEntry['resource']> = {
  discipline: () => import('./features/catalogue/discipline').then((m) => lazyResource(m.disciplineResource)),
  area: () => import('./features/catalogue/area').then((m) => lazyResource(m.areaResource)),
  local: () => import('./features/catalogue/local').then((m) => lazyResource(m.localResource)),
  block: () => import('./features/catalogue/block').then((m) => lazyResource(m.blockResource)),
  package: () => import('./features/catalogue/package').then((m) => lazyResource(m.packageResource)),
  activity: () => import('./features/catalogue/activity').then((m) => lazyResource(m.activityResource)),
  function: () => import('./features/catalogue/function').then((m) => lazyResource(m.functionResource)),
  equipment: () => import('./features/catalogue/equipment').then((m) => lazyResource(m.equipmentResource)),
};

/**
 * The Management module (spec §2): the site catalogue of each contract, under /management.
 * Every route needs contract; the menu shows discipline to all (spec §2 menu permissions).
 */
const { menu, routes } = resourceModule({
  start: { icon: <AppstoreOutlined />, load: () => import('./pages/welcome-page') },
  resources: CATALOGUE_ENTITIES.map((entity): ResourceEntry => ({
    path: entity,
    icon: ICONS[entity],
    permission: 'contract',
    menuPermission: entity === 'discipline' ? null : 'contract',
    resource: DEFINITIONS[entity],
  })),
});

const managementModule: CanteiroModule = {
  id: 'management',
  basePath: '/management',
  namespace: 'management',
  translations: { 'pt-BR': ptBR, 'en-US': enUS },
  menu,
  routes,
  Providers: ModuleProviders,
};

export default managementModule;
