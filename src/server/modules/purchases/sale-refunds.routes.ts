import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  failedRefundMessages,
  failedRefundsResponseSchema,
  refundRetriedSchema,
  refundRetryParamsSchema,
} from '#shared/admin/failed-refunds.schema.ts';
import { AppError } from '../../app-error.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { failedRefunds, refundsOfSales } from './sale-refunds.ts';

// The admin area's failed refunds: each one the provider refused for good, and "try again".
// Everyone but an admin with the access cookie meets the auth plugin's 404 before any of this runs.

const tags = ['Ylläpito'];
const hidden = 'not-found' as const;

export async function saleRefundsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  api.get(
    '/api/admin/refunds/failed',
    {
      schema: {
        summary: 'Refunds to buyers that failed for good',
        tags,
        description:
          "Refunds the payment provider refused on every try (or at once, for a payment it does not know), newest first, with the provider's last error.",
        response: { 200: failedRefundsResponseSchema, ...errorResponses(hidden) },
      },
      config: admin,
    },
    async () => ({
      refunds: (await failedRefunds(app.db)).map((refund) => ({
        ...refund,
        eventDate: refund.eventDate.toISOString(),
        requestedAt: refund.requestedAt.toISOString(),
        error: refund.lastError ?? '',
      })),
    }),
  );

  api.post(
    '/api/admin/refunds/:saleId/retry',
    {
      schema: {
        summary: 'Try a failed refund again',
        tags,
        description:
          'Starts the tries of a failed refund over and makes the first now, under the same idempotency key: the money goes back once.',
        params: refundRetryParamsSchema,
        response: { 200: refundRetriedSchema, ...errorResponses(hidden, 'aborted') },
      },
      config: admin,
    },
    async (request) => {
      const { saleId } = request.params;
      if (!(await app.purchases.refunds.retry(saleId)))
        throw new AppError('aborted', { message: failedRefundMessages.notFailed });
      const refund = (await refundsOfSales(app.db, [saleId])).get(saleId);
      request.log.warn({ saleId, state: refund?.state }, 'an admin tried a failed refund again');
      return { sent: refund?.sentAt != null };
    },
  );
}
