import { type PersonalDataExport, personalDataFormat } from '#shared/accounts/personal-data.schema.ts';
import type { Db } from '../../db/client.ts';
import { mailsTo } from '../../platform/mail/outbox.ts';
import { accountsPersonalData } from '../accounts/accounts-personal-data.ts';
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
 * module that owns a part (its `*-personal-data.ts`): this module reads no table itself. Only
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
      const { owner, part: accountPart } = await accountsPersonalData(tx, userId, currentSessionHash);
      const selling = await listingsPersonalData(tx, userId);
      const buying = await purchasesPersonalData(tx, userId);
      const payouts = await payoutsPersonalData(
        tx,
        buying.sales.map((sale) => sale.saleId),
      );
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
        ...accountPart,
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
