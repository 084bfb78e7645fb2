import { and, eq, or, sql } from 'drizzle-orm';
import { messages } from '#shared/accounts/accounts.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';

// Password guesses are limited per fixed 15-minute window, in the database so that the limit
// holds across app processes (docs/decisions/009):
// - 5 per account at one address: a typing owner is not locked out by someone elsewhere;
// - 20 per address over all accounts: credential stuffing from one address;
// - 50 per account from everywhere: a spread-out guessing of one account, yet high enough that
//   an attacker needs ten addresses to lock the owner out.
export const loginWindowMinutes = 15;
export const loginLimits = { pair: 5, ip: 20, account: 50 } as const;

type Scope = keyof typeof loginLimits;

const windowOver = sql`${loginAttempts.windowStartedAt} <= now() - make_interval(mins => ${loginWindowMinutes})`;

interface Counter {
  scope: Scope;
  key: string;
}

function counters(email: string, ip: string): Counter[] {
  const account = email.toLowerCase();
  // Always in this order: every reservation locks its rows pair → ip → account, so two
  // reservations never wait for each other in a circle.
  return [
    { scope: 'pair', key: `${ip} ${account}` },
    { scope: 'ip', key: ip },
    { scope: 'account', key: account },
  ];
}

export interface LoginAttempt {
  email: string;
  ip: string;
}

/**
 * Counts one attempt on each counter before the (slow) password check, or refuses with 429 when
 * a counter is full. One upsert takes the rows' locks, so parallel requests are counted one after
 * another, and a refused attempt rolls its increments back: however many arrive at once, at most
 * the limits reach the password check.
 */
export async function reserveLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(loginAttempts)
      .values(counters(attempt.email, attempt.ip).map((counter) => ({ ...counter, attempts: 1 })))
      .onConflictDoUpdate({
        target: [loginAttempts.scope, loginAttempts.key],
        set: {
          attempts: sql`case when ${windowOver} then 1 else ${loginAttempts.attempts} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then now() else ${loginAttempts.windowStartedAt} end`,
        },
      })
      .returning({ scope: loginAttempts.scope, attempts: loginAttempts.attempts });
    if (rows.some((row) => row.attempts > loginLimits[row.scope])) {
      throw new AppError('resource-exhausted', { message: messages.tooManyLogins });
    }
  });
}

/**
 * The password was right: this attempt was no guess. It is given back on the address and account
 * counters, and the owner's earlier typos at this address are forgiven.
 */
export async function releaseLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  const [pair, ip, account] = counters(attempt.email, attempt.ip);
  await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(counterIs(pair));
    await tx
      .update(loginAttempts)
      .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
      .where(or(counterIs(ip), counterIs(account)));
  });
}

const counterIs = (counter: Counter | undefined) =>
  counter && and(eq(loginAttempts.scope, counter.scope), eq(loginAttempts.key, counter.key));
