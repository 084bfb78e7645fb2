import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testCards } from '#shared/purchases/purchase.schema.ts';
import { sales } from '../db/schema/index.ts';

/**
 * Buys a listed ticket as a buyer does: reserve, then pay with the local provider's test card. The
 * sale, its payout and the provider's intent all exist afterwards, so it can be refunded for real.
 */
export async function buyWithTestCard(
  app: FastifyInstance,
  buyer: { email: string; cookie: string },
  listing: { id: string; listingPriceCents: number },
) {
  const reserved = await app.inject({
    method: 'POST',
    url: `/api/purchases/${listing.id}/reservation`,
    headers: { cookie: buyer.cookie },
    payload: { priceCents: listing.listingPriceCents },
  });
  if (reserved.statusCode !== 200) throw new Error(`reservation failed: ${reserved.body}`);
  const { clientSecret } = reserved.json() as { clientSecret: string };
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments/local/confirm',
    headers: { cookie: buyer.cookie },
    payload: {
      clientSecret,
      cardNumber: testCards.succeeds,
      expiry: '12/34',
      cvc: '123',
      name: 'Testi Ostaja',
      email: buyer.email,
    },
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  const [sale] = await app.db.select().from(sales).where(eq(sales.listingId, listing.id));
  if (!sale) throw new Error('the payment made no sale');
  return sale;
}
