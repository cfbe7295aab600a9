/**
 * Where a node is in its life (docs/deploy.md). On SIGTERM it drains: `/api/health` answers
 * 503 so the load balancer stops sending it requests, every answer closes its connection so
 * clients reconnect elsewhere, and requests are still served until the drain ends.
 */
export class Lifecycle {
  draining = false;
}
