import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the app began to close: readiness answers 503, answers end their connection. */
    readonly closing: boolean;
  }
}

/**
 * What a closing app does besides Fastify's own (it stops listening and ends idle keep-alive
 * connections): an answer still being made, or one to a request that arrived on a kept-alive
 * connection meanwhile, carries `Connection: close`, so the client's next request goes to a
 * process that stays. Such a request is still served (Fastify's return503OnClosing is off): the
 * database closes only after the last answer.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.decorate('closing', { getter: () => closing });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}
