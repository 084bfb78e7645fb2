// `npm run admin -- grant|revoke <email>`: makes an existing user an admin, or not, on the database
// the server's configuration names (DATA_DIR's PGlite or DATABASE_URL), with an audit row naming
// the operator. Exit codes are listed in `usage`; scripts may rely on them.
import { hostname, userInfo } from 'node:os';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DatabaseBusyError } from '../src/server/db/pglite-lock.ts';
import { type AdminRoleOutcome, changeAdminRole } from '../src/server/modules/admin/admin-roles.service.ts';

const exitCodes = {
  /** Done, or nothing to do (already an admin, not an admin): the wanted state holds. */
  ok: 0,
  /** Configuration or database failure. */
  failed: 1,
  usage: 2,
  unknownEmail: 3,
  deletedAccount: 4,
  /** PGlite's directory is open in another process (the server). */
  databaseBusy: 5,
  /** Nobody has confirmed the address from the link mailed to it. */
  unverifiedEmail: 6,
  disabledAccount: 7,
  /** Revoking would leave no admin; `--force` does it anyway. */
  lastAdmin: 8,
} as const;

const usage = `Usage: npm run admin -- grant|revoke <email> [--force]

  grant   makes the user with this e-mail an admin: the account must have confirmed the address
          from the link mailed to it, and must not be disabled
  revoke  takes admin rights away; the last admin who can act keeps them unless --force is given

Runs on the database of the server's configuration (DATA_DIR, or DATABASE_URL) and writes the
admin audit log with you as the actor. With PGlite, stop the server first.

Exit codes: 0 done or nothing to change, 1 configuration or database error, 2 usage,
3 no account with this e-mail, 4 the account was deleted, 5 the database is in use,
6 the address is not verified, 7 the account is disabled, 8 the last admin (revoke without --force).`;

/** Who runs the command, as the audit log records it: OS user (and who sudo'ed) and host. */
function operatorName(env: NodeJS.ProcessEnv): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // A container user without a passwd entry.
    user = env.USER ?? `uid ${process.getuid?.() ?? '?'}`;
  }
  const sudoer = env.SUDO_USER && env.SUDO_USER !== user ? ` (sudo by ${env.SUDO_USER})` : '';
  return `${user}${sudoer}@${hostname()}`;
}

function report(email: string, outcome: AdminRoleOutcome): { line: string; code: number } {
  const deleted = (userId: string, deleted: boolean) =>
    deleted ? ` (user ${userId}, a deleted account)` : ` (user ${userId})`;
  switch (outcome.result) {
    case 'granted':
      return { line: `${email} is now an admin${deleted(outcome.userId, outcome.accountDeleted)}.`, code: 0 };
    case 'revoked':
      return {
        line: `${email} is no longer an admin${deleted(outcome.userId, outcome.accountDeleted)}.`,
        code: 0,
      };
    case 'already-admin':
      return { line: `${email} is already an admin: nothing changed.`, code: 0 };
    case 'not-admin':
      return {
        line: `${email} is not an admin${deleted(outcome.userId, outcome.accountDeleted)}: nothing changed.`,
        code: 0,
      };
    case 'unknown-email':
      return {
        line: `No account has the e-mail ${email}. The user must register first.`,
        code: exitCodes.unknownEmail,
      };
    case 'deleted-account':
      return {
        line: `The account of ${email} was deleted: it cannot be made an admin. The user must register again.`,
        code: exitCodes.deletedAccount,
      };
    case 'unverified-email':
      return {
        line: `${email} has not been confirmed from the link mailed to it${deleted(outcome.userId, false)}: whoever registered the address is not known to own it. The user can send a new link from the profile's user details.`,
        code: exitCodes.unverifiedEmail,
      };
    case 'disabled-account':
      return {
        line: `The account of ${email} is disabled${deleted(outcome.userId, false)}: it cannot be made an admin.`,
        code: exitCodes.disabledAccount,
      };
    case 'last-admin':
      return {
        line: `${email} is the last admin who can act${deleted(outcome.userId, false)}: nobody could open the admin area after this. Grant another admin first, or run again with --force.`,
        code: exitCodes.lastAdmin,
      };
  }
}

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const [change, email, ...extra] = args.filter((arg) => arg !== '--force');
  if (change !== 'grant' && change !== 'revoke') {
    console.error(change ? `Unknown command "${change}".\n\n${usage}` : usage);
    return exitCodes.usage;
  }
  if (force && change !== 'revoke') {
    console.error(`--force only applies to revoke.\n\n${usage}`);
    return exitCodes.usage;
  }
  if (!email || extra.length > 0 || !z.email().safeParse(email.trim()).success) {
    console.error(
      `${email ? `"${[email, ...extra].join(' ')}" is not one e-mail address.` : 'The e-mail address is missing.'}\n\n${usage}`,
    );
    return exitCodes.usage;
  }
  const address = email.trim().toLowerCase();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    const config = loadConfig();
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseBusyError) {
      console.error(error.message);
      return error instanceof DatabaseBusyError ? exitCodes.databaseBusy : exitCodes.failed;
    }
    throw error;
  }
  try {
    const { line, code } = report(
      address,
      await changeAdminRole(database.db, change, address, operatorName(process.env), { force }),
    );
    (code === 0 ? console.log : console.error)(line);
    return code;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  return exitCodes.failed;
});
