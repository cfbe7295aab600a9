import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin so its hooks, decorators and handlers apply to the whole app instead of
 * its own encapsulated scope (what the fastify-plugin package does, without the package).
 */
export function appWide<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
