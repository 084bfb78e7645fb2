import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** How long one check may take before the process counts as not ready. */
export const readinessTimeoutMs = 3000;

// A key no file is stored under: the store answering "no such file" is the store reached.
const probeKey = 'readiness-probe/none';

export type ReadinessCheck = 'database' | 'files';

export interface Readiness {
  /** The checks that failed, in a fixed order; empty when ready. */
  failed: ReadinessCheck[];
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can serve: one round trip to the database and one question to the file
 * store, side by side, each within its deadline. What failed is logged with its error; the
 * answer names only the check (the endpoint is public).
 */
export async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  const checks: Record<ReadinessCheck, () => Promise<unknown>> = {
    database: () => app.db.execute(sql`select 1`),
    files: async () => {
      const found = await app.files.get(probeKey);
      found?.stream.destroy();
    },
  };
  const names = Object.keys(checks) as ReadinessCheck[];
  const results = await Promise.allSettled(names.map((name) => within(checks[name](), readinessTimeoutMs)));
  const failed: ReadinessCheck[] = [];
  results.forEach((result, index) => {
    const name = names[index] as ReadinessCheck;
    if (result.status === 'fulfilled') return;
    failed.push(name);
    app.log.warn({ err: result.reason, check: name }, 'readiness check failed');
  });
  return { failed };
}
