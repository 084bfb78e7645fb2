/** The constraint a unique violation (SQLSTATE 23505) hit, looking through driver wrappers. */
export function uniqueViolation(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const candidate = current as { code?: string; constraint?: string; detail?: string; message?: string };
    if (candidate.code === '23505') return candidate.constraint ?? candidate.message ?? 'unique';
  }
  return undefined;
}

/** Whether PostgreSQL gave up waiting for a lock (lock_timeout): the work may be retried. */
export function lockTimedOut(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: string }).code === '55P03') return true;
  }
  return false;
}
