import { z } from 'zod';
import { emailAddressPattern, emailMaxLength } from '../email.ts';
import { isSingleLineText, singleLineTextMessage } from '../text.ts';

/** Contact form (spec 01 §5): the page and POST /api/contact use this same schema. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Nimi on pakollinen' })
    .trim()
    .min(1, { message: 'Nimi on pakollinen', abort: true })
    .min(2, { message: 'Nimen tulee olla vähintään 2 merkkiä', abort: true })
    .max(100, 'Nimi voi olla enintään 100 merkkiä')
    .refine(isSingleLineText, singleLineTextMessage),
  email: z
    .string({ error: 'Sähköposti on pakollinen' })
    .trim()
    .min(1, { message: 'Sähköposti on pakollinen', abort: true })
    .max(emailMaxLength, 'Virheellinen sähköpostiosoite')
    .regex(emailAddressPattern, 'Virheellinen sähköpostiosoite'),
  subject: z
    .string({ error: 'Aihe on pakollinen' })
    .trim()
    .min(1, { message: 'Aihe on pakollinen', abort: true })
    .min(2, { message: 'Aiheen tulee olla vähintään 2 merkkiä', abort: true })
    .max(150, 'Aihe voi olla enintään 150 merkkiä')
    .refine(isSingleLineText, singleLineTextMessage),
  message: z
    .string({ error: 'Viesti on pakollinen' })
    .trim()
    .min(1, { message: 'Viesti on pakollinen', abort: true })
    .min(10, 'Viestin tulee olla vähintään 10 merkkiä')
    .max(5000, 'Viesti voi olla enintään 5000 merkkiä'),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Newsletter sign-up (spec 01 §5). */
export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: 'Syötä sähköpostiosoite' })
    .trim()
    .min(1, { message: 'Syötä sähköpostiosoite', abort: true })
    .max(emailMaxLength, 'Syötä voimassa oleva sähköpostiosoite')
    .regex(emailAddressPattern, 'Syötä voimassa oleva sähköpostiosoite'),
});

export type NewsletterSubscribe = z.infer<typeof newsletterSubscribeSchema>;

/**
 * The token of a newsletter link (confirm or unsubscribe): random, URL-safe. A malformed one gets
 * the same answer as an unknown one.
 */
export const newsletterTokenSchema = z
  .string({ error: 'Linkki on virheellinen' })
  .regex(/^[A-Za-z0-9_-]{32,128}$/, 'Linkki on virheellinen');

export const newsletterLinkSchema = z.object({ token: newsletterTokenSchema });

export type NewsletterLink = z.infer<typeof newsletterLinkSchema>;

/** POST /api/newsletter/confirm: a first confirmation, or one already made (the link used again). */
export const newsletterConfirmResponseSchema = z.object({
  status: z.enum(['confirmed', 'already-confirmed']),
});

export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;
