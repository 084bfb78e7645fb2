import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../plugins/error-handler.ts';
import { checkReadiness, type ReadinessCheck } from './readiness.ts';

const failureNames: Record<ReadinessCheck, string> = {
  database: 'the database did not answer',
  files: 'the file store did not answer',
};

/**
 * Probes for a load balancer or an orchestrator, outside /api: GET /healthz (the process is
 * alive and its event loop turns) and GET /readyz (it reaches its database and file store, and is
 * not shutting down). Never cached, never rate-limited, and logged only when something is wrong
 * (a probe every few seconds would drown the request log).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const probe = { logLevel: 'warn' as const };

  app.get('/healthz', probe, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', probe, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (app.closing)
      return reply.status(503).send(errorBody('unavailable', 'Not ready: the process is shutting down'));
    const { failed } = await checkReadiness(app);
    if (failed.length > 0)
      return reply
        .status(503)
        .send(
          errorBody('unavailable', `Not ready: ${failed.map((check) => failureNames[check]).join('; ')}`),
        );
    return reply.send({ status: 'ready' });
  });
}
