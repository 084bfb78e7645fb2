import { and, asc, eq, isNull } from 'drizzle-orm';
import { messages } from '#shared/accounts/accounts.schema.ts';
import { type PersonalDataExport, personalDataFormat } from '#shared/accounts/personal-data.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { admins, oauthAccounts, passwordResetCodes, sessions, users } from '../../db/schema/index.ts';
import { mailsTo } from '../../platform/mail/outbox.ts';
import { adminActionsConcerning } from '../admin/admin-audit.ts';
import { analyticsPersonalData } from '../analytics/analytics.service.ts';
import { complaintsPersonalData } from '../complaints/complaints-personal-data.ts';
import { contactPersonalData } from '../contact/contact-personal-data.ts';
import { listingsPersonalData } from '../listings/listings-personal-data.ts';
import { payoutsPersonalData } from '../payouts/payouts-personal-data.ts';
import { purchasesPersonalData } from '../purchases/purchases-personal-data.ts';

const about =
  'Kaikki tiedot, jotka Lipputori on tallentanut sinusta tällä hetkellä: tili, kirjautumistavat ja -istunnot, ' +
  'myynti-ilmoitukset tiedostojen tietoineen, ostot ja maksuyritykset, myynnit tilityksineen, reklamaatiot, uutiskirje, ' +
  'yhteydenotot, sinulle lähetetyt sähköpostit (aiheet), ylläpidon sinua koskevat muutokset ja analytiikka. ' +
  'Sähköpostiosoitteella tallennetut tiedot (yhteydenotot kirjautumatta, uutiskirje, ennen tiliä lähetetyt viestit) ' +
  'ovat mukana vasta, kun olet vahvistanut osoitteen. ' +
  'Rahamäärät ovat sentteinä, ajat UTC-aikaa. Istuntojen tunnisteita, salasanaa ja maksujen salaisuuksia ei ' +
  'tallenneta tähän tiedostoon. Evästevalintasi on tallennettu vain selaimeesi. Lipputiedostot voit ladata ' +
  'profiilistasi.';

/**
 * Everything Lipputori stores about the signed-in person (GDPR art. 15 and 20), gathered from each
 * module that owns a part. Only
 * the person's own records: another person's (a buyer of their ticket, the listing that held a
 * ticket they tried to list, the admin who acted) appear at most as an id of the record itself.
 */
export async function exportPersonalData(
  db: Db,
  userId: string,
  currentSessionHash: string,
): Promise<PersonalDataExport> {
  // One snapshot: a sale made meanwhile is in every part or in none.
  return db.transaction(
    async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      if (!user) throw new AppError('unauthenticated', { message: messages.noCurrentUser });
      const [admin] = await tx.select().from(admins).where(eq(admins.userId, userId));
      const linked = await tx
        .select()
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, userId))
        .orderBy(asc(oauthAccounts.createdAt));
      const ownSessions = await tx
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt));
      const resets = await tx
        .select()
        .from(passwordResetCodes)
        .where(eq(passwordResetCodes.userId, userId))
        .orderBy(asc(passwordResetCodes.createdAt));

      const selling = await listingsPersonalData(tx, userId);
      const buying = await purchasesPersonalData(tx, userId);
      const payouts = await payoutsPersonalData(
        tx,
        buying.sales.map((sale) => sale.saleId),
      );
      // By address only once its owner proved it is theirs (docs/decisions/037).
      const owner = { userId, verifiedAddress: user.emailVerifiedAt ? user.email : null };
      const contact = await contactPersonalData(tx, owner);
      const mails = await mailsTo(tx, owner);
      const adminActions = await adminActionsConcerning(tx, {
        userId,
        listingIds: selling.listings.map((listing) => listing.id),
        saleIds: buying.sales.map((sale) => sale.saleId),
      });

      return {
        format: personalDataFormat,
        exportedAt: new Date().toISOString(),
        about,
        account: {
          id: user.id,
          email: user.email,
          emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
          username: user.username,
          displayName: user.displayName,
          firstName: user.firstName,
          lastName: user.lastName,
          iban: user.iban,
          hasPassword: user.passwordHash !== null,
          isAdmin: admin !== undefined,
          tutorialCompletedAt: user.tutorialCompletedAt?.toISOString() ?? null,
          disabledAt: user.disabledAt?.toISOString() ?? null,
          createdAt: user.createdAt.toISOString(),
        },
        linkedSignIns: linked.map((link) => ({
          provider: link.provider,
          email: link.email,
          linkedAt: link.createdAt.toISOString(),
        })),
        sessions: ownSessions.map((session) => ({
          startedAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          reauthenticatedAt: session.reauthenticatedAt?.toISOString() ?? null,
          current: session.tokenHash === currentSessionHash,
        })),
        passwordResets: resets.map((reset) => ({
          requestedAt: reset.createdAt.toISOString(),
          expiresAt: reset.expiresAt.toISOString(),
          usedAt: reset.usedAt?.toISOString() ?? null,
        })),
        ...selling,
        paymentAttempts: buying.paymentAttempts,
        purchases: buying.purchases,
        sales: buying.sales.map((sale) => ({ ...sale, payout: payouts.get(sale.saleId) ?? null })),
        complaints: await complaintsPersonalData(tx, userId),
        ...contact,
        mails: mails.map((mail) => ({
          subject: mail.subject,
          queuedAt: mail.queuedAt.toISOString(),
          sentAt: mail.sentAt?.toISOString() ?? null,
        })),
        adminActions,
        analyticsEvents: await analyticsPersonalData(tx, userId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
