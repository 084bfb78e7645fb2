import type { PersonalDataEraser } from '../../db/data-owner.ts';
import { forgetMailsOf } from '../../platform/mail/outbox.ts';
import { forgetAnalyticsOf } from '../analytics/analytics.service.ts';
import { forgetContactDataOf } from '../contact/contact-personal-data.ts';

/**
 * What deleting an account asks of the modules that keep the person's data outside the account
 * (docs/decisions/037), run in the deletion's transaction. Accounts deletes the account and
 * imports none of them: app.ts hands it this list. The sales, payouts, complaints and audit log
 * keep their rows, tied to the emptied account (bookkeeping), so they have no eraser.
 */
export const personalDataErasers: readonly PersonalDataEraser[] = [
  forgetMailsOf,
  forgetContactDataOf,
  forgetAnalyticsOf,
];
