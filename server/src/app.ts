import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/connection.js';
import { clientErrorHandler, errorHandling, frameworkErrors } from './plugins/errors.js';
import { inputText } from './plugins/input-text.js';
import { COMPRESSION, compressWholeOn } from './plugins/compression.js';
import { securityHeaders, withSecurityHeaders } from './plugins/security-headers.js';
import { xsrfProtection } from './plugins/xsrf.js';
import { authentication } from './plugins/authentication.js';
import { apiDocs } from './plugins/docs.js';
import { frontEnds } from './plugins/front-ends.js';
import { healthRoutes } from './routes/health.js';
import { Lifecycle } from './node/lifecycle.js';
import { authenticationRoutes } from './routes/authentication.js';
import { remotesRoutes } from './routes/remotes.js';
import { userPictureRoutes } from './resources/user-pictures.js';
import { mobileSurveyRoutes } from './resources/surveys.js';
import { resourcesRoutes } from './resources/registry.js';
import { auditRoutes } from './resources/audit.js';
import { occurrenceImpactRoutes } from './resources/occurrence-impact.js';
import { mobileRoutes } from './mobile/routes.js';
import { reportRoutes } from './reports/routes.js';
import { dashboardRoutes } from './dashboards/routes.js';
import { annotationRoutes } from './dashboards/annotations.js';

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Serving or draining (main.ts drains on SIGTERM); a fresh one when not given. */
  lifecycle?: Lifecycle;
  /** Where log lines go; stdout unless a test captures them. */
  logStream?: { write(line: string): void };
  /**
   * Sees every answer before it leaves, uncompressed: the server suite checks each one against
   * the OpenAPI description (test/contract.ts). Absent in production.
   */
  answerCheck?: onSendHookHandler;
}

/**
 * One log line per request, when it is answered, instead of Fastify's two ("incoming request"
 * and "request completed"): the request (method, URL, host, address), the status and the
 * response time. Writing both cost ~15 % of /api/health's throughput (docs/benchmarks.md,
 * docs/benchmarks.md). Errors keep their lines (plugins/errors.ts, and "request errored" here).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes the function proxy-addr would make of it
 * (Fastify's types have no number): trust the `hops` nearest addresses, so the client is the
 * address the load balancer wrote, whatever a client put in X-Forwarded-For before it.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** JSON bodies are small forms; images go through multipart with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** The whole HTTP server, ready for `listen` or for `app.inject` in tests. */
export async function buildApp({
  config,
  db,
  lifecycle = new Lifecycle(),
  logStream,
  answerCheck,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Refusals made before the error handler runs, in the API's error shape (plugins/errors.ts).
    frameworkErrors: withSecurityHeaders(frameworkErrors, config.remotes),
    clientErrorHandler,
    // A request that reaches the node while it closes (on a connection still busy, so not
    // reaped) is served: the database stays open until the close ends (main.ts). Fastify's
    // default answers it 503 with a body of its own shape.
    return503OnClosing: false,
  });

  // Route schemas only document the API: the shared valibot schemas validate bodies
  // (same rules as the forms) and replies are plain JSON.stringify, never filtered.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(errorHandling);
  if (answerCheck) app.addHook('onSend', answerCheck);
  await app.register(securityHeaders, { remotes: config.remotes });
  await app.register(inputText);
  await app.register(cookie);
  // A JSON answer whole in memory in one call; @fastify/compress the streams (compression.ts).
  app.addHook('onRoute', compressWholeOn);
  await app.register(compress, COMPRESSION);
  await app.register(xsrfProtection, { cookieSecure: config.cookieSecure });
  await app.register(authentication, { db });
  await app.register(apiDocs);

  // While draining, every answer closes its connection: the client's next request opens a new
  // one, which the load balancer (now seeing 503 on /api/health) sends to another node.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  await app.register(healthRoutes, { prefix: '/api', db, lifecycle, maxImageMb: config.maxImageMb });
  await app.register(authenticationRoutes, { prefix: '/api/authentication', config, db });
  // Administration and Management: every resource of the hierarchy (resources/registry.ts,
  // docs/hierarchy.md, docs/scoping.md), each under /api/<its endpoint>.
  await app.register(resourcesRoutes, { prefix: '/api', db, siteTimeZone: config.siteTimeZone });
  await app.register(userPictureRoutes, { prefix: '/api/users', db, maxImageMb: config.maxImageMb });
  await app.register(occurrenceImpactRoutes, { prefix: '/api/occurrences', db });
  // Who changed what, when (admins).
  await app.register(auditRoutes, { prefix: '/api/audit', db, siteTimeZone: config.siteTimeZone });
  await app.register(mobileSurveyRoutes, { prefix: '/api/mobile', db });
  // Reports: the mobile app sends them (docs/ingestion.md), the back-office lists them (docs/reports.md).
  await app.register(mobileRoutes, { prefix: '/api/mobile', config, db });
  await app.register(reportRoutes, { prefix: '/api/reports', config, db });
  await app.register(dashboardRoutes, { prefix: '/api/dashboards', config, db, lifecycle });
  await app.register(annotationRoutes, { prefix: '/api/annotations', config, db });
  await app.register(remotesRoutes, { config });
  await app.register(frontEnds, { staticRoot: config.staticRoot });
  return app;
}
