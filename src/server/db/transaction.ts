import type { Db, Tx } from './client.ts';

/** An open transaction and a way to act once it has committed (a cache must not forget early). */
export interface Transaction {
  tx: Tx;
  /** Runs `callback` after the commit; never if the transaction rolls back. */
  afterCommit(callback: () => void): void;
}

/** Runs `work` in one transaction, then the callbacks it asked for after the commit. */
export async function inTransaction<T>(db: Db, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const callbacks: (() => void)[] = [];
  const result = await db.transaction((tx) =>
    work({ tx, afterCommit: (callback) => callbacks.push(callback) }),
  );
  for (const callback of callbacks) callback();
  return result;
}
