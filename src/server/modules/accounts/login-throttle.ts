import { and, eq } from 'drizzle-orm';
import { messages } from '#shared/accounts/accounts.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import {
  type AttemptCounter,
  attemptWindowMinutes,
  giveBackAttempt,
  reserveAttempt,
} from './attempt-counters.ts';

// Password guesses are limited per fixed 15-minute window, in the database so that the limit
// holds across app processes (docs/decisions/009):
// - 5 per account at one address: a typing owner is not locked out by someone elsewhere;
// - 20 per address over all accounts: credential stuffing from one address;
// - 50 per account from everywhere: a spread-out guessing of one account, yet high enough that
//   an attacker needs ten addresses to lock the owner out.
export const loginWindowMinutes = attemptWindowMinutes;
export const loginLimits = { pair: 5, ip: 20, account: 50 } as const;

function counters(email: string, ip: string): AttemptCounter[] {
  const account = email.toLowerCase();
  // Always in this order: every reservation locks its rows pair → ip → account, so two
  // reservations never wait for each other in a circle.
  return [
    { scope: 'pair', key: `${ip} ${account}`, limit: loginLimits.pair },
    { scope: 'ip', key: ip, limit: loginLimits.ip },
    { scope: 'account', key: account, limit: loginLimits.account },
  ];
}

export interface LoginAttempt {
  email: string;
  ip: string;
}

/**
 * Counts one attempt on each counter before the (slow) password check, or refuses with 429 when
 * a counter is full: however many arrive at once, at most the limits reach the password check.
 */
export async function reserveLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  if ((await reserveAttempt(db, counters(attempt.email, attempt.ip))) !== null)
    throw new AppError('resource-exhausted', { message: messages.tooManyLogins });
}

/**
 * The password was right: this attempt was no guess. It is given back on the address and account
 * counters, and the owner's earlier typos at this address are forgiven.
 */
export async function releaseLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  const [pair, ...others] = counters(attempt.email, attempt.ip);
  if (!pair) return;
  await db.transaction(async (tx) => {
    await tx
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.scope, pair.scope), eq(loginAttempts.key, pair.key)));
    await giveBackAttempt(tx, others);
  });
}
