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
import { CATALOGUE_ENTITIES, CATALOGUE_SCHEMAS } from '@canteiro/shared/domain';
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

/**
 * The definitions of the entities with something of their own (columns, fields), each in its
 * own chunk; a record known by its name alone is the kit's named resource (catalogue-resource.ts).
 */
const DEFINITIONS: Partial<Record<CatalogueEntity, ResourceEntry['resource']>> = {
  activity: () => import('./features/catalogue/activity').then((m) => lazyResource(m.activityResource)),
  equipment: () => import('./features/catalogue/equipment').then((m) => lazyResource(m.equipmentResource)),
};

const named =
  (entity: CatalogueEntity): ResourceEntry['resource'] =>
  () =>
    import('./features/catalogue/catalogue-resource').then((m) =>
      lazyResource(m.namedResource(entity, CATALOGUE_SCHEMAS[entity])),
    );

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
    resource: DEFINITIONS[entity] ?? named(entity),
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
