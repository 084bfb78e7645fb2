// Part of `npm run bench`: what complaint evidence pictures cost the server (issue 32 finding 5).
// The real app in this process (app.inject, multipart included), three buyers filing at once:
// (a) the hostile upload, four 49-megapixel 16-bit RGBA PNGs and a TIFF each, refused by the
// pictures' headers; (b) the heaviest upload taken, five 49-megapixel 8-bit PNGs each (147 MB a
// picture decoded, no shrink-on-load), decoded in turns. The process's resident memory before, its
// peak during each, and after (garbage collected), read from /proc (Linux).
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { insertSoldListing, signUp } from '../src/server/test/listing-fixtures.ts';
import { multipartBody } from '../src/server/test/multipart.ts';
import { createTestApp } from '../src/server/test/test-app.ts';

const buyers = 3;
const rounds = Number(process.env.EVIDENCE_ROUNDS ?? 3);

interface Phase {
  statuses: number[];
  /** The median round's time, all three buyers answered. */
  ms: number;
  mb: { before: number; peak: number; after: number };
}

export interface EvidencePictures {
  hostile: Phase;
  heaviest: Phase;
}

/** The process's resident memory now and its peak since the last reset, in MB. */
async function memoryMb(): Promise<{ now: number; peak: number }> {
  const status = await readFile('/proc/self/status', 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}
const resetPeak = () => writeFile('/proc/self/clear_refs', '5');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export async function measureEvidencePictures(): Promise<EvidencePictures> {
  const t = await createTestApp({ rateLimits: false });
  try {
    const seller = await signUp(t.app, 'bench_myyja');
    const people = await Promise.all(Array.from({ length: buyers }, () => signUp(t.app)));
    const hugeSixteenBit = await sharp({
      create: { width: 7000, height: 7000, channels: 4, background: '#101820' },
    })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tiff = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#224488' } })
      .tiff()
      .toBuffer();
    // One colour: small as a file, but a PNG is inflated whole whatever it shows.
    const heaviest = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#c0392b' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();

    /** Every buyer files a complaint on a ticket of their own with `files`, all at once, `rounds` times. */
    const phase = async (files: Buffer[]): Promise<Phase> => {
      gc();
      const before = (await memoryMb()).now;
      await resetPeak();
      const statuses: number[] = [];
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const sales = await Promise.all(
          people.map(async (buyer) => ({
            buyer,
            listing: await insertSoldListing(t.app, {
              sellerId: seller.id,
              buyerId: buyer.id,
              eventDate: new Date(Date.now() + 24 * 3_600_000),
            }),
          })),
        );
        const started = performance.now();
        const answers = await Promise.all(
          sales.map(({ buyer, listing }) => {
            const body = multipartBody([
              {
                name: 'complaint',
                value: JSON.stringify({
                  reason: 'not_admitted',
                  description: 'Portilla lippua ei hyväksytty.',
                }),
              },
              ...files.map((data, index) => ({
                name: 'evidence',
                filename: `kuva-${index + 1}`,
                contentType: 'image/png',
                data,
              })),
            ]);
            return t.app.inject({
              method: 'POST',
              url: `/api/complaints/${listing.id}`,
              headers: { ...body.headers, cookie: buyer.cookie },
              payload: body.payload,
            });
          }),
        );
        times.push(performance.now() - started);
        statuses.push(...answers.map((answer) => answer.statusCode));
      }
      const peak = (await memoryMb()).peak;
      gc();
      const after = (await memoryMb()).now;
      return {
        statuses: [...new Set(statuses)],
        ms: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0,
        mb: { before, peak, after },
      };
    };

    return {
      hostile: await phase([hugeSixteenBit, hugeSixteenBit, hugeSixteenBit, hugeSixteenBit, tiff]),
      heaviest: await phase([heaviest, heaviest, heaviest, heaviest, heaviest]),
    };
  } finally {
    await t.close();
  }
}

export function printEvidencePictures(result: EvidencePictures): void {
  const line = (what: string, phase: Phase) =>
    `  ${what}: answered ${phase.statuses.join(', ')} in ${phase.ms.toFixed(0)} ms a round; resident memory ${phase.mb.before.toFixed(0)} MB before, peak ${phase.mb.peak.toFixed(0)} MB (+${(phase.mb.peak - phase.mb.before).toFixed(0)}), ${phase.mb.after.toFixed(0)} MB after (+${(phase.mb.after - phase.mb.before).toFixed(0)})`;
  console.log(
    `\nComplaint evidence pictures, ${buyers} buyers filing at once, ${rounds} rounds (this process):`,
  );
  console.log(line('four 49 MP 16-bit PNGs and a TIFF each (refused)', result.hostile));
  console.log(line('five 49 MP 8-bit PNGs each (decoded in turns)', result.heaviest));
}
