import { z } from 'zod';
import { emailAddressPattern, emailMaxLength } from '../email.ts';
import { isSingleLineText, singleLineTextMessage } from '../text.ts';
import { messages } from './account-messages.ts';
import { ibanInputMaxLength, isValidFinnishIban, normalizeIban } from './iban.ts';

// Account rules of spec 01 §5 and §8 with their Finnish messages. The forms and the API routes
// use these same schemas.

export { messages };

type Issue = { path: string; message: string };

/** The password rules of registration, in the spec's order; reset adds the special character. */
export function passwordIssues(password: string, requireSpecial: boolean): string[] {
  const found: string[] = [];
  if (password.length < 6) found.push(messages.passwordLength);
  if (!/\d/.test(password)) found.push(messages.passwordDigit);
  if (!/\p{Lu}/u.test(password)) found.push(messages.passwordUpper);
  if (!/\p{Ll}/u.test(password)) found.push(messages.passwordLower);
  if (requireSpecial && !/[^\p{L}\p{N}\s]/u.test(password)) found.push(messages.passwordSpecial);
  return found;
}

const usernamePattern = /^[\p{L}\p{N}_.-]+$/u;

function usernameIssue(username: string): string | undefined {
  if (username.length === 0) return messages.usernameRequired;
  if (username.length < 3 || username.length > 30) return messages.usernameLength;
  if (!usernamePattern.test(username)) return messages.usernameChars;
  return undefined;
}

const text = (max = 200) => z.string().trim().max(max).catch('');

/**
 * Registration (spec 01 §2, §5). Checks run in the spec's order — required fields, adult,
 * password rules, match — and a later stage only reports once the earlier ones pass.
 */
export const registerSchema = z
  .object({
    firstName: text(),
    lastName: text(),
    email: z.string().trim().toLowerCase().max(emailMaxLength).catch(''),
    username: text(),
    password: z.string().max(200).catch(''),
    password2: z.string().max(200).catch(''),
    isAdult: z.boolean().catch(false),
  })
  .superRefine((input, ctx) => {
    const report = (issues: Issue[]) => {
      for (const issue of issues)
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      return issues.length > 0;
    };
    const required: Issue[] = [];
    if (!input.firstName) required.push({ path: 'firstName', message: messages.firstNameRequired });
    else if (!isSingleLineText(input.firstName))
      required.push({ path: 'firstName', message: singleLineTextMessage });
    if (!input.lastName) required.push({ path: 'lastName', message: messages.lastNameRequired });
    else if (!isSingleLineText(input.lastName))
      required.push({ path: 'lastName', message: singleLineTextMessage });
    if (!input.email) required.push({ path: 'email', message: messages.emailRequired });
    else if (!emailAddressPattern.test(input.email))
      required.push({ path: 'email', message: messages.emailInvalid });
    const usernameProblem = usernameIssue(input.username);
    if (usernameProblem) required.push({ path: 'username', message: usernameProblem });
    if (!input.password) required.push({ path: 'password', message: messages.passwordRequired });
    if (!input.password2) required.push({ path: 'password2', message: messages.confirmRequired });
    if (report(required)) return;
    if (report(input.isAdult ? [] : [{ path: 'isAdult', message: messages.adultRequired }])) return;
    if (report(passwordIssues(input.password, false).map((message) => ({ path: 'password', message }))))
      return;
    if (input.password !== input.password2)
      report([{ path: 'password2', message: messages.passwordsDiffer }]);
  });

export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: messages.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { message: messages.emailRequired, abort: true })
    .max(emailMaxLength, messages.invalidCredential),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(200, messages.invalidCredential),
});

export type LoginInput = z.input<typeof loginSchema>;

/** Finishing the profile (spec 01 §5): values trimmed; username, both names and 18+ required. */
export const completeProfileSchema = z
  .object({
    username: text(),
    firstName: text(),
    lastName: text(),
    isAdult: z.boolean().catch(false),
  })
  .superRefine((input, ctx) => {
    const usernameProblem = usernameIssue(input.username);
    if (usernameProblem) ctx.addIssue({ code: 'custom', path: ['username'], message: usernameProblem });
    for (const field of ['firstName', 'lastName'] as const) {
      if (!input[field]) ctx.addIssue({ code: 'custom', path: [field], message: messages.namesRequired });
      else if (!isSingleLineText(input[field]))
        ctx.addIssue({ code: 'custom', path: [field], message: singleLineTextMessage });
    }
    if (!input.isAdult) ctx.addIssue({ code: 'custom', path: ['isAdult'], message: messages.adultRequired });
  });

export type CompleteProfileInput = z.input<typeof completeProfileSchema>;

export const passwordResetRequestSchema = z.object({
  email: z
    .string({ error: messages.resetEmailFirst })
    .trim()
    .toLowerCase()
    .min(1, { message: messages.resetEmailFirst, abort: true })
    .max(emailMaxLength, messages.emailInvalid)
    .regex(emailAddressPattern, messages.emailInvalid),
});

/** Setting a new password from the e-mailed link (spec 01 §5): registration rules + a special character. */
export const passwordResetConfirmSchema = z
  .object({
    oobCode: z
      .string({ error: messages.resetLinkInvalid })
      .trim()
      .min(1, { message: messages.resetLinkInvalid, abort: true })
      .max(200, messages.resetLinkInvalid),
    password: z.string().max(200).catch(''),
    password2: z.string().max(200).catch(''),
  })
  .superRefine((input, ctx) => {
    if (!input.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordRequired });
    else
      for (const message of passwordIssues(input.password, true))
        ctx.addIssue({ code: 'custom', path: ['password'], message });
    if (!input.password2)
      ctx.addIssue({ code: 'custom', path: ['password2'], message: messages.confirmRequired });
    else if (input.password !== input.password2)
      ctx.addIssue({ code: 'custom', path: ['password2'], message: messages.passwordsDiffer });
  });

export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

export const ibanUpdateSchema = z.object({
  iban: z
    .string({ error: messages.ibanRequired })
    .max(ibanInputMaxLength, messages.ibanInvalid)
    .transform(normalizeIban)
    .pipe(z.string().min(1, messages.ibanRequired).refine(isValidFinnishIban, messages.ibanInvalid)),
});

export const reauthenticateSchema = z.object({
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
});

/**
 * The token of an address verification link: random and URL-safe. A malformed one gets the same
 * answer as an unknown one.
 */
export const emailVerificationLinkSchema = z.object({
  token: z
    .string({ error: messages.verificationLinkBroken })
    .regex(/^[A-Za-z0-9_-]{32,128}$/, messages.verificationLinkBroken),
});

export const emailVerificationResponseSchema = z.object({ status: z.enum(['verified', 'already-verified']) });

export type EmailVerificationResponse = z.infer<typeof emailVerificationResponseSchema>;

/** The signed-in user as the client sees it (spec 01 §3 auth user). */
export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  needsProfile: z.boolean(),
  isAdmin: z.boolean(),
  /** Whether the owner of `email` has confirmed it (docs/decisions/037). */
  emailVerified: z.boolean(),
});

export type AuthUser = z.infer<typeof authUserSchema>;

/** Private account details for the profile's user-details tab. */
export const accountDetailsSchema = z.object({
  email: z.string(),
  iban: z.string().nullable(),
  hasPassword: z.boolean(),
  providers: z.array(z.enum(['google', 'facebook'])),
  createdAt: z.string(),
  /** Whether the address is confirmed; until it is, the data export holds only what the account did. */
  emailVerified: z.boolean(),
  /** Whether the seller tutorial has been gone through (spec 02 §4): the sell wizard asks. */
  tutorialCompleted: z.boolean(),
});

export type AccountDetails = z.infer<typeof accountDetailsSchema>;

export const socialProviders = ['google', 'facebook'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** GET /api/auth/providers: which social sign-ins the server offers (only those get a button). */
export const authProvidersSchema = z.object({ google: z.boolean(), facebook: z.boolean() });

export { type SocialErrorCode, socialErrorMessages } from './social-errors.ts';
