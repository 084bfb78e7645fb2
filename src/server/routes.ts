import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { sessionCookieName } from './modules/accounts/sessions.ts';
import { socialRoutes } from './modules/accounts/social/social.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminAccessCookieName } from './modules/admin/admin-access.ts';
import { adminImagesRoutes } from './modules/admin/admin-images.routes.ts';
import { eventCancellationsRoutes } from './modules/admin/event-cancellations.routes.ts';
import { cancelledEvents } from './modules/admin/event-cancellations.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { clientLogRoutes } from './modules/analytics/client-log.routes.ts';
import { browsingRoutes } from './modules/browsing/browsing.routes.ts';
import { complaintsRoutes } from './modules/complaints/complaints.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { eventSearchRoutes } from './modules/listings/event-search.routes.ts';
import { sellingRoutes } from './modules/listings/selling.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { boughtTicketsRoutes } from './modules/purchases/bought-tickets.routes.ts';
import { paymentsRoutes } from './modules/purchases/payments.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { saleRefundsRoutes } from './modules/purchases/sale-refunds.routes.ts';
import { registerSite } from './modules/site/site.routes.ts';
import type { LocalPaymentProvider } from './platform/payments/local-payment-provider.ts';
import { registerOpenApi } from './plugins/openapi.ts';

/**
 * Every route of the app, after the plugins (app.ts): the OpenAPI document first, the site's
 * pages and static files last.
 */
export async function registerRoutes(
  app: FastifyInstance,
  { localPayments }: { localPayments: LocalPaymentProvider | undefined },
): Promise<void> {
  const { config } = app;
  // Before the routes: the OpenAPI document knows only routes added after it.
  await registerOpenApi(app, { session: sessionCookieName, adminAccess: adminAccessCookieName });
  await app.register(healthRoutes);
  await app.register(accountsRoutes);
  await app.register(privacyRoutes);
  await app.register(socialRoutes);
  await app.register(contactRoutes);
  await app.register(analyticsRoutes);
  await app.register(clientLogRoutes);
  await app.register(browsingRoutes);
  // Cancellations are the admin module's; selling asks it whether an event is cancelled.
  await app.register(eventSearchRoutes, { cancelledEvents });
  await app.register(sellingRoutes, { cancelledEvents });
  await app.register(purchasesRoutes);
  await app.register(paymentsRoutes, { localProvider: localPayments });
  await app.register(boughtTicketsRoutes);
  await app.register(complaintsRoutes);
  await app.register(adminRoutes);
  await app.register(eventCancellationsRoutes);
  await app.register(saleRefundsRoutes);
  await app.register(adminImagesRoutes);
  await app.register(payoutsRoutes);
  if (config.env !== 'production') await app.register(devMailboxRoutes);
  // Last and unencapsulated: it owns static files and the not-found handler (SPA fallback).
  await registerSite(app);
}
