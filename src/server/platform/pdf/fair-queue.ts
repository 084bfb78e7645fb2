// The order in which the PDF workers take their jobs: owners (sellers, admins) take turns, one job
// each in turn, and an owner never has two jobs running at once. So one account's pile of files
// waits behind itself, never in front of someone else's one-page ticket.

export class FairQueue<Job> {
  /** Each owner's waiting jobs, first in first out; the map's order is the order of turns. */
  private readonly waiting = new Map<string, Job[]>();
  private readonly running = new Set<string>();

  /** Jobs waiting, not counting the running ones. */
  get size(): number {
    let total = 0;
    for (const jobs of this.waiting.values()) total += jobs.length;
    return total;
  }

  push(owner: string, job: Job): void {
    const jobs = this.waiting.get(owner);
    if (jobs) jobs.push(job);
    else this.waiting.set(owner, [job]);
  }

  /**
   * The next job to run: the first in turn of the owners with nothing running. The owner then has
   * a job running until `done(owner)`, and goes to the back of the turns. Undefined when every
   * owner with jobs waiting already has one running.
   */
  take(): { owner: string; job: Job } | undefined {
    for (const [owner, jobs] of this.waiting) {
      if (this.running.has(owner)) continue;
      const job = jobs.shift() as Job;
      this.waiting.delete(owner);
      if (jobs.length > 0) this.waiting.set(owner, jobs);
      this.running.add(owner);
      return { owner, job };
    }
    return undefined;
  }

  /** The owner's running job has ended: their next one may be taken. */
  done(owner: string): void {
    this.running.delete(owner);
  }

  /** Takes every waiting job out (closing); running ones are the caller's. */
  drain(): Job[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    return all;
  }
}
