import { crc32, inflateRawSync } from 'node:zlib';

// A small zip reader for tests, so that no unzip tool or extra package is needed: it follows the
// central directory as an unzip program does, and checks each entry's checksum.

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const endOfCentralDirectory = 0x06054b50;
const centralDirectoryEntry = 0x02014b50;
const localFileHeader = 0x04034b50;

/** The entries of a whole zip in their order; throws on anything a complete zip would not have. */
export function readZip(zip: Buffer): ZipEntry[] {
  // The end record is 22 bytes plus a comment of up to 64 KB, at the very end.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === endOfCentralDirectory) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('no end of central directory: not a whole zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== centralDirectoryEntry)
      throw new Error(`broken central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localAt) !== localFileHeader) throw new Error(`no local header for ${name}`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + compressedSize);
    const data = method === 0 ? raw : method === 8 ? inflateRawSync(raw) : undefined;
    if (!data) throw new Error(`unknown compression method ${method} of ${name}`);
    if (crc32(data) !== crc) throw new Error(`checksum of ${name} does not match`);
    entries.push({ name, data: Buffer.from(data) });
  }
  return entries;
}
