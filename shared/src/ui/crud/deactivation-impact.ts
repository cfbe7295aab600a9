import { ENTITIES, HIERARCHY, descendantsOf } from '@canteiro/shared/domain';
import type { TFunction } from 'i18next';
import { resourceApi } from './resource-api';

/**
 * What deactivating a record hides, as its first confirmation says it ("Deixam de aparecer …:
 * 2 áreas, 1 pacote, 2 usuários, que não poderão entrar."): `GET /api/<endpoint>/<id>/deactivation-impact`
 * for the entities that records hang from (docs/hierarchy.md). Null when nothing hangs from it,
 * nothing active does, or the count could not be had (the confirmation then says what it always did).
 */
export async function deactivationText(endpoint: string, id: number, t: TFunction): Promise<string | null> {
  const entity = ENTITIES.find((candidate) => HIERARCHY[candidate].endpoint === endpoint);
  if (!entity || descendantsOf(entity).length === 0) return null;
  try {
    const { hides } = await resourceApi(endpoint).deactivationImpact(id);
    if (hides.length === 0) return null;
    const list = hides.map(({ entity: kind, count }) => t(`kit:hidden.${kind}`, { count })).join(', ');
    return t('kit:deactivationHides', { list });
  } catch {
    return null;
  }
}
