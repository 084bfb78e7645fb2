// Part of `npm run bench`: one seller cannot stall everyone's uploads. The real app in its own
// process: (a) an honest seller's one-page uploads, one after another, while another seller keeps
// sending three 1,000-page files at once — each answer's time as the honest seller sees it (p95),
// beside a bare node:http server as the ceiling; (b) the server's peak memory (VmHWM) while it
// refuses a decompression bomb, a 4 MB file that inflates to 4 GB.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/index.ts';
import { createSession } from '../src/server/modules/accounts/sessions.ts';
import { renderTicketPdf } from '../src/server/seed/ticket-pdf.ts';
import { decompressionBomb, manyPages } from '../src/server/test/hostile-pdfs.ts';
import { multipartBody } from '../src/server/test/multipart.ts';
import { sellFormInput } from '../src/server/test/sell-form-input.ts';
import { startChild, stop } from './child-process.ts';

const honestUploads = 20;
const p95GoalMs = 3000;

export interface PdfFairness {
  honestMs: { p50: number; p95: number; max: number };
  bareMs: { p50: number; p95: number };
  attackerUploads: number;
  attackerStatuses: number[];
  bomb: { status: number; ms: number; inflatedGb: number; fileMb: number };
  /** The server's resident memory: its peak during (a), just before the bomb, and its peak during it. */
  memoryMb: { peakUnderAttack: number; beforeBomb: number; peakDuringBomb: number };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The process's resident memory now and its peak since the last reset (Linux), in MB. */
async function memoryMb(pid: number): Promise<{ now: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

/** Starts the process's peak memory afresh from what it holds now (`5` to clear_refs, Linux). */
const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

let ticketNumber = 0;
const ticket = () =>
  renderTicketPdf({
    eventName: 'Bench-konsertti',
    dateText: 'la 6.6.2026 klo 19.00',
    venue: 'Bench-areena',
    city: 'Helsinki',
    ticketType: 'Permanto',
    seatText: 'Vapaa sijoitus',
    ticketNumber: 1,
    totalTickets: 1,
    code: `LT-FAIR-${String(++ticketNumber).padStart(6, '0')}`,
  });

export async function measurePdfFairness(): Promise<PdfFairness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-bench-pdf-'));
  const port = 3196;
  const barePort = 3197;
  const base = `http://127.0.0.1:${port}`;
  try {
    // The sellers are written before the server starts (PGlite is one process's).
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const sellers = await db.db
      .insert(users)
      .values(
        ['rehellinen', 'hyokkaaja'].map((name) => ({
          email: `${name}@bench.example`,
          username: `bench_${name}`,
          iban: 'FI2112345600000785',
        })),
      )
      .returning({ id: users.id });
    const [honest, attacker] = await Promise.all(
      sellers.map(async (seller) => `lt_session=${await createSession(db.db, seller.id)}`),
    );
    await db.close();

    const { DATABASE_URL: _embeddedOnly, ...baseEnv } = process.env;
    const server = await startChild('bench/list-server.ts', {
      ...baseEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      LISTING_PENDING_LIMIT: '1000',
      LISTING_DAILY_LIMIT: '1000',
    });
    const bodyFile = path.join(dataDir, 'body.json');
    await writeFile(bodyFile, JSON.stringify({ listing: { id: 'x'.repeat(36), status: 'pending' } }));
    const bare = await startChild('bench/bare-server.ts', {
      ...baseEnv,
      PORT: String(barePort),
      BODY_FILE: bodyFile,
    });
    try {
      const upload = async (cookie: string, files: Uint8Array[]) => {
        const body = multipartBody([
          { name: 'listing', value: JSON.stringify(sellFormInput()) },
          ...files.map((data, index) => ({
            name: 'files',
            filename: `lippu-${index + 1}.pdf`,
            contentType: 'application/pdf',
            data,
          })),
        ]);
        const started = performance.now();
        const response = await fetch(`${base}/api/listings`, {
          method: 'POST',
          headers: { ...body.headers, cookie },
          body: new Uint8Array(body.payload),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      };
      // One upload first, unmeasured: it starts the PDF worker and compiles its wasm.
      await upload(honest ?? '', [await ticket()]);
      const pid = server.pid ?? 0;
      await resetPeak(pid);

      // (a) The attacker keeps three 1,000-page files in flight while the honest seller uploads.
      const thousandPages = await manyPages(1000);
      const attackerStatuses: number[] = [];
      let attacking = true;
      const attack = (async () => {
        while (attacking) {
          const answers = await Promise.all([0, 1, 2].map(() => upload(attacker ?? '', [thousandPages])));
          attackerStatuses.push(...answers.map((answer) => answer.status));
        }
      })();
      const honestMs: number[] = [];
      for (let n = 0; n < honestUploads; n++) {
        const answer = await upload(honest ?? '', [await ticket()]);
        if (answer.status !== 201) throw new Error(`an honest upload was answered ${answer.status}`);
        honestMs.push(answer.ms);
      }
      attacking = false;
      await attack;
      const bareMs: number[] = [];
      for (let n = 0; n < honestUploads; n++) {
        const started = performance.now();
        await (await fetch(`http://127.0.0.1:${barePort}/`)).arrayBuffer();
        bareMs.push(performance.now() - started);
      }

      // (b) A decompression bomb: the server's peak memory before and after refusing it.
      const inflatedBytes = 4 * 1024 ** 3;
      const bombFile = await decompressionBomb(inflatedBytes);
      const underAttack = await memoryMb(pid);
      await resetPeak(pid);
      const before = await memoryMb(pid);
      const bomb = await upload(attacker ?? '', [bombFile]);
      const during = await memoryMb(pid);
      return {
        honestMs: {
          p50: percentile(honestMs, 50),
          p95: percentile(honestMs, 95),
          max: Math.max(...honestMs),
        },
        bareMs: { p50: percentile(bareMs, 50), p95: percentile(bareMs, 95) },
        attackerUploads: attackerStatuses.length,
        attackerStatuses: [...new Set(attackerStatuses)],
        bomb: {
          status: bomb.status,
          ms: bomb.ms,
          inflatedGb: inflatedBytes / 1024 ** 3,
          fileMb: bombFile.byteLength / 1024 ** 2,
        },
        memoryMb: { peakUnderAttack: underAttack.peak, beforeBomb: before.now, peakDuringBomb: during.peak },
      };
    } finally {
      await stop(server);
      await stop(bare);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printPdfFairness(result: PdfFairness): void {
  console.log(
    `\nAn honest one-page upload while another seller sends three 1,000-page files at once (own process, ${honestUploads} uploads, goal p95 < ${p95GoalMs / 1000} s):`,
  );
  console.log(
    `  upload API             p50 ${result.honestMs.p50.toFixed(0)} ms  p95 ${result.honestMs.p95.toFixed(0)} ms  max ${result.honestMs.max.toFixed(0)} ms  (${result.honestMs.p95 < p95GoalMs ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  bare node:http ceiling p50 ${result.bareMs.p50.toFixed(1)} ms  p95 ${result.bareMs.p95.toFixed(1)} ms`,
  );
  console.log(
    `  the other seller's uploads meanwhile: ${result.attackerUploads}, answered ${result.attackerStatuses.join(', ')}`,
  );
  console.log(
    `  the server's peak resident memory meanwhile: ${result.memoryMb.peakUnderAttack.toFixed(0)} MB`,
  );
  const { beforeBomb, peakDuringBomb } = result.memoryMb;
  console.log(
    `A decompression bomb (${result.bomb.fileMb.toFixed(1)} MB inflating to ${result.bomb.inflatedGb} GB): answered ${result.bomb.status} in ${result.bomb.ms.toFixed(0)} ms; the server's resident memory ${beforeBomb.toFixed(0)} MB before, peak ${peakDuringBomb.toFixed(0)} MB during it (+${(peakDuringBomb - beforeBomb).toFixed(0)} MB)`,
  );
}
