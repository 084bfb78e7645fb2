import type { Executor } from './client.ts';

/**
 * Whose data a query means: the account's by its id, and what was stored by its e-mail address only
 * once the account proved the address is its own (docs/decisions/037). An address anybody can type
 * into a registration form matches nothing.
 */
export interface DataOwner {
  userId: string;
  verifiedAddress: string | null;
}

/**
 * Removes or anonymises what a module holds of a deleted account, in the deletion's transaction.
 * Each module that keeps personal data outside the account gives one; the app wires them together.
 */
export type PersonalDataEraser = (executor: Executor, owner: DataOwner) => Promise<void>;
