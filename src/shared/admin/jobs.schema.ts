import { z } from 'zod';

// The admin area's view of the background jobs ('Taustatyöt'): each job's period, last run and
// failures, whichever server process ran it. Times are ISO instants.

export const backgroundJobSchema = z.object({
  /** The job's name (kebab-case); the admin area shows its Finnish label. */
  name: z.string(),
  everyMinutes: z.number().int().positive(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  /** How the last finished run went; null before the first one. */
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  /** The last failure's message (no stack), until a run succeeds again. */
  lastError: z.string().nullable(),
  failuresLast24h: z.number().int().nonnegative(),
  /** What the job gave up on and waits for a person (a refund that failed for good). */
  needsAttention: z.number().int().nonnegative(),
  nextRunAt: z.string(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const backgroundJobsResponseSchema = z.object({
  /** Whether this server process runs the jobs (off only in test set-ups). */
  running: z.boolean(),
  jobs: z.array(backgroundJobSchema),
});
