import { describe, expect, it } from 'vitest';
import { FairQueue, FairTurns, TurnRefusedError } from './fair-queue.ts';

/** Takes jobs as a pool of `slots` workers would, finishing each at once; the order they ran in. */
function runAll(queue: FairQueue<string>, slots: number): string[][] {
  const rounds: string[][] = [];
  for (;;) {
    const round: { owner: string; job: string }[] = [];
    for (let slot = 0; slot < slots; slot++) {
      const next = queue.take();
      if (next) round.push(next);
    }
    if (round.length === 0) return rounds;
    rounds.push(round.map((taken) => taken.job));
    for (const taken of round) queue.done(taken.owner);
  }
}

describe('fair queue of jobs', () => {
  it('lets an honest one-page upload run next, however many files another seller queued first', () => {
    const queue = new FairQueue<string>();
    for (const file of ['huge-1', 'huge-2', 'huge-3']) queue.push('attacker', file);
    queue.push('honest', 'ticket');
    expect(runAll(queue, 1)).toEqual([['huge-1'], ['ticket'], ['huge-2'], ['huge-3']]);
  });

  it('takes turns round-robin, each owner in the order they first queued', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('a', 'a3');
    queue.push('b', 'b1');
    queue.push('b', 'b2');
    queue.push('c', 'c1');
    expect(runAll(queue, 1).flat()).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('never runs two jobs of one owner at once, even with free workers', () => {
    const queue = new FairQueue<string>();
    for (const file of ['a1', 'a2', 'a3']) queue.push('a', file);
    queue.push('b', 'b1');
    expect(runAll(queue, 4)).toEqual([['a1', 'b1'], ['a2'], ['a3']]);
  });

  it('gives nothing while the only owner waiting has a job running, and its next one after done', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    expect(queue.take()).toEqual({ owner: 'a', job: 'a1' });
    expect(queue.take()).toBeUndefined();
    expect(queue.size).toBe(1);
    queue.done('a');
    expect(queue.take()).toEqual({ owner: 'a', job: 'a2' });
    expect(queue.size).toBe(0);
  });

  it('puts an owner who comes back behind those already waiting', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    const first = queue.take();
    queue.done(first?.owner ?? '');
    queue.push('a', 'a2');
    queue.push('c', 'c1');
    expect(runAll(queue, 1).flat()).toEqual(['b1', 'a2', 'c1']);
  });

  it('drains every waiting job when closing', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    queue.take();
    expect(queue.drain().sort()).toEqual(['a2', 'b1']);
    expect(queue.size).toBe(0);
  });
});

/** A task that runs until `finish()` is called, recording when it started. */
function heldTask(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every promise already settled run its callbacks (the microtask queue empties before setImmediate). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fair turns of async work', () => {
  it('runs one task of an owner at a time and at most `slots` in all, owners taking turns', async () => {
    const turns = new FairTurns({ slots: 2, maxWaitingPerOwner: 1 });
    const started: string[] = [];
    const [a1, a2, b1, c1] = ['a1', 'a2', 'b1', 'c1'].map((name) => heldTask(started, name));
    const results = [
      turns.run('a', a1?.task ?? (async () => '')),
      turns.run('a', a2?.task ?? (async () => '')),
      turns.run('b', b1?.task ?? (async () => '')),
      turns.run('c', c1?.task ?? (async () => '')),
    ];
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    expect(turns.load).toEqual({ waiting: 2, running: 2 });
    a1?.finish();
    await settle();
    // a's second was queued before c's first, while a1 ran: it waited for a1, not for a free slot.
    expect(started).toEqual(['a1', 'b1', 'a2']);
    b1?.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1']);
    a2?.finish();
    c1?.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect(turns.load).toEqual({ waiting: 0, running: 0 });
  });

  it('refuses an owner more waiting tasks than allowed, and frees the turn of a task that failed', async () => {
    const turns = new FairTurns({ slots: 1, maxWaitingPerOwner: 1 });
    const started: string[] = [];
    const first = heldTask(started, 'first');
    const running = turns.run('a', first.task);
    const waiting = turns.run('a', async () => {
      throw new Error('broken picture');
    });
    await expect(turns.run('a', async () => 'third')).rejects.toBeInstanceOf(TurnRefusedError);
    first.finish();
    expect(await running).toBe('first');
    await expect(waiting).rejects.toThrow('broken picture');
    expect(await turns.run('a', async () => 'after')).toBe('after');
  });
});
