// When uploaded pictures are decoded: in turns, as the PDF workers take files (../fair-queue.ts).
// sharp decodes on libuv's threads, off the event loop but in this process's memory: one picture
// decoded holds up to `pictureLimits.maxDecodedBytes`, so the process decodes at most two at once,
// one of each account at a time, accounts taking turns. An account whose next picture already
// waits is refused a third (TurnRefusedError): a waiting upload holds its files in memory.
import { FairTurns } from '../fair-queue.ts';
import { convertToWebp, maxEventImageSide } from './webp-converter.ts';

const decodingTurns = new FairTurns({ slots: 2, maxWaitingPerOwner: 1 });

/**
 * `convertToWebp` in `owner`'s turn. Rejects with ImageRejectedError as it does, or with
 * TurnRefusedError when the account already has a picture waiting.
 */
export function convertInTurn(owner: string, bytes: Uint8Array, maxSide: number): Promise<Buffer> {
  return decodingTurns.run(owner, () => convertToWebp(bytes, maxSide));
}

/** An event picture an admin uploads: at most `maxEventImageSide` on either side. */
export function convertToEventWebp(owner: string, bytes: Uint8Array): Promise<Buffer> {
  return convertInTurn(owner, bytes, maxEventImageSide);
}
