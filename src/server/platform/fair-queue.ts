// The order in which heavy work is taken (the PDF workers' files, the pictures sharp decodes):
// owners (accounts) take turns, one job each in turn, and an owner never has two jobs running at
// once. So one account's pile of files waits behind itself, never in front of someone else's one.

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

  /** Jobs of `owner` waiting, not counting a running one. */
  waitingOf(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
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

/** `FairTurns.run` refused the job: its owner already has as many waiting as allowed. */
export class TurnRefusedError extends Error {
  constructor(owner: string) {
    super(`${owner} already has work waiting`);
    this.name = 'TurnRefusedError';
  }
}

interface Turn {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs async work in the turns of a FairQueue on the event loop's side (work such as sharp's, which
 * runs on libuv's threads): at most `slots` tasks at once in the process, one per owner, owners
 * taking turns. An owner with `maxWaitingPerOwner` tasks already waiting is refused another
 * (TurnRefusedError): what waits holds its input in memory.
 */
export class FairTurns {
  private readonly queue = new FairQueue<Turn>();
  private running = 0;
  private readonly slots: number;
  private readonly maxWaitingPerOwner: number;

  constructor(options: { slots: number; maxWaitingPerOwner: number }) {
    this.slots = options.slots;
    this.maxWaitingPerOwner = options.maxWaitingPerOwner;
  }

  /** Tasks waiting for their turn, and tasks running now. */
  get load(): { waiting: number; running: number } {
    return { waiting: this.queue.size, running: this.running };
  }

  /** Runs `task` as `owner`'s when its turn comes; settles as the task does. */
  run<Result>(owner: string, task: () => Promise<Result>): Promise<Result> {
    // An owner with a task running and none waiting may queue one: that task waits for its own.
    if (this.queue.waitingOf(owner) >= this.maxWaitingPerOwner)
      return Promise.reject(new TurnRefusedError(owner));
    return new Promise<Result>((resolve, reject) => {
      this.queue.push(owner, { task, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.slots) {
      const next = this.queue.take();
      if (!next) return;
      this.running++;
      const { owner, job } = next;
      // A task that throws before its first await is settled like one that rejects.
      Promise.resolve()
        .then(job.task)
        .then(job.resolve, job.reject)
        .finally(() => {
          this.running--;
          this.queue.done(owner);
          this.dispatch();
        });
    }
  }
}
