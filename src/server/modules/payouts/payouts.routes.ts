import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkPayoutUpdateResultSchema } from '#shared/admin/payout-transitions.ts';
import {
  adminSalesQuerySchema,
  adminSalesResponseSchema,
  bulkUpdatePayoutSchema,
  payoutUpdateResultSchema,
  saleIdParamsSchema,
  updatePayoutSchema,
} from '#shared/admin/payouts.schema.ts';
import { errorResponses, fileResponse } from '../../http/route-schemas.ts';
import { payoutCsv, payoutCsvFileName } from './payout-csv.ts';
import { listAdminSales, updatePayout, updatePayouts } from './payouts.service.ts';

// The admin area's payment tracking (spec 02 §2 "Payment tracking"): the sales list, status
// updates one at a time or in bulk, and the CSV export.

const csvFile = fileResponse('The sales as CSV (UTF-8 with BOM, ";", CRLF)', 'text/csv');

export async function payoutsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const tags = ['Ylläpito'];

  api.get(
    '/api/admin/sales',
    {
      schema: {
        summary: 'Sales and their payouts',
        tags,
        description:
          'Every sale (or those of one payout status) newest purchase first, with its payout, buyer and seller, and the count and seller amounts of each status over all sales. The automatic rule runs first.',
        querystring: adminSalesQuerySchema,
        response: { 200: adminSalesResponseSchema, ...errorResponses('invalid-argument', 'not-found') },
      },
      config: admin,
    },
    async (request) => listAdminSales(app.db, request.query.status),
  );

  api.get(
    '/api/admin/sales.csv',
    {
      schema: {
        summary: 'Sales and their payouts as CSV',
        tags,
        description: "The sales list as a CSV file for the bookkeeper ('Vie CSV'), with the same filter.",
        querystring: adminSalesQuerySchema,
        response: { 200: csvFile, ...errorResponses('invalid-argument', 'not-found') },
      },
      config: admin,
    },
    async (request, reply) => {
      const { sales } = await listAdminSales(app.db, request.query.status);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${payoutCsvFileName()}"`)
        .send(payoutCsv(sales));
    },
  );

  api.patch(
    '/api/admin/sales/:id/payout',
    {
      schema: {
        summary: "Update one sale's payout",
        tags,
        description:
          "Sets one sale's payout status, payment reference and notes; 'paid' records the payment date. A change the payout's rules refuse (paid while a complaint or dispute holds it, anything after it was cancelled) is a 409 saying why.",
        params: saleIdParamsSchema,
        body: updatePayoutSchema,
        response: {
          200: payoutUpdateResultSchema,
          ...errorResponses('invalid-argument', 'not-found', 'payout-change-refused'),
        },
      },
      config: admin,
    },
    async (request) => ({
      updated: await updatePayout(app.db, request.user.userId, request.params.id, request.body),
    }),
  );

  api.patch(
    '/api/admin/sales/payout',
    {
      schema: {
        summary: 'Update the payouts of many sales',
        tags,
        description:
          "Sets the payout status (and notes) of up to 500 sales at once, in one transaction; an unknown sale changes nothing. The sales whose payout's rules refuse the change stay as they were and are listed in 'refused' with why.",
        body: bulkUpdatePayoutSchema,
        response: { 200: bulkPayoutUpdateResultSchema, ...errorResponses('invalid-argument', 'not-found') },
      },
      config: admin,
    },
    async (request) => updatePayouts(app.db, request.user.userId, request.body),
  );
}
