// Finds what a ticket never needs but a PDF can carry to whoever opens it: JavaScript (a /JS or
// /JavaScript action, the document's JavaScript name tree), a /Launch action (starts a program or
// opens a file), a /SubmitForm action (sends the form's fields, or the whole file, to an address of
// the file's choosing) and embedded files (the /EmbeddedFiles name tree, /FileAttachment annotations).
// PDFium draws pages and does not say; so the file's objects are read for those names, the
// dictionaries inside compressed object streams too. Stream contents (page drawings, images) are
// skipped: random compressed bytes could spell a name by chance, and no action lives there.
import { inflateSync } from 'node:zlib';
import { type ActiveContent, activeContentKinds } from '#shared/listings/ticket-file.ts';

const meaning: Record<string, ActiveContent> = {
  JS: 'javascript',
  JavaScript: 'javascript',
  Launch: 'launch',
  SubmitForm: 'submit_form',
  EmbeddedFiles: 'embedded_files',
  EmbeddedFile: 'embedded_files',
  FileAttachment: 'embedded_files',
};

/** An object stream holds dictionaries; one inflating to more than this is not read (bounded memory). */
const maxObjectStreamBytes = 16 * 1024 * 1024;

const isWhite = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
// ( ) < > [ ] { } / %
const isDelimiter = (byte: number) =>
  byte === 0x28 ||
  byte === 0x29 ||
  byte === 0x3c ||
  byte === 0x3e ||
  byte === 0x5b ||
  byte === 0x5d ||
  byte === 0x7b ||
  byte === 0x7d ||
  byte === 0x2f ||
  byte === 0x25;

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const endstream = ascii('endstream');
const objKeyword = ascii('obj');
const streamKeyword = ascii('stream');

function startsWithAt(bytes: Uint8Array, at: number, word: Uint8Array): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word[i]) return false;
  return true;
}

/** A name's text with its #xx escapes decoded (`/J#53` is `/JS`). */
function nameText(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let at = start; at < end; at++) {
    const byte = bytes[at] ?? 0;
    if (byte === 0x23 && at + 2 < end) {
      const code = Number.parseInt(String.fromCharCode(bytes[at + 1] ?? 0, bytes[at + 2] ?? 0), 16);
      if (!Number.isNaN(code)) {
        text += String.fromCharCode(code);
        at += 2;
        continue;
      }
    }
    text += String.fromCharCode(byte);
  }
  return text;
}

/** Reads the objects of `bytes` for active content; `found` collects what is there. */
function scan(bytes: Uint8Array, found: Set<ActiveContent>, readObjectStreams: boolean): void {
  // The names since the last object began: they say whether the next stream is an object stream.
  let objectNames = new Set<string>();
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at] ?? 0;
    if (byte === 0x25) {
      // A comment, to the end of the line.
      while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    } else if (byte === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 1;
      at++;
      while (at < bytes.length && depth > 0) {
        const inner = bytes[at];
        if (inner === 0x5c) at++;
        else if (inner === 0x28) depth++;
        else if (inner === 0x29) depth--;
        at++;
      }
    } else if (byte === 0x3c) {
      // A dictionary begins (<<), or a hex string (<…>) is skipped.
      if (bytes[at + 1] === 0x3c) at += 2;
      else {
        while (at < bytes.length && bytes[at] !== 0x3e) at++;
        at++;
      }
    } else if (byte === 0x2f) {
      const start = ++at;
      while (at < bytes.length && !isWhite(bytes[at] ?? 0) && !isDelimiter(bytes[at] ?? 0)) at++;
      const name = nameText(bytes, start, at);
      objectNames.add(name);
      const kind = meaning[name];
      if (kind) found.add(kind);
    } else if (
      startsWithAt(bytes, at, objKeyword) &&
      !isRegular(bytes[at - 1]) &&
      !isRegular(bytes[at + 3])
    ) {
      objectNames = new Set();
      at += 3;
    } else if (
      startsWithAt(bytes, at, streamKeyword) &&
      !isRegular(bytes[at - 1]) &&
      !isRegular(bytes[at + 6])
    ) {
      at += 6;
      if (bytes[at] === 0x0d) at++;
      if (bytes[at] === 0x0a) at++;
      const end = indexOf(bytes, endstream, at);
      const dataEnd = end < 0 ? bytes.length : end;
      if (readObjectStreams && objectNames.has('ObjStm') && objectNames.has('FlateDecode')) {
        try {
          const inner = inflateSync(bytes.subarray(at, dataEnd), {
            maxOutputLength: maxObjectStreamBytes,
            finishFlush: 2, // Z_SYNC_FLUSH: a stream cut short still gives what it has
          });
          scan(inner, found, false);
        } catch {
          // Encrypted, damaged or too large to read: its dictionaries stay unread (decision 018).
        }
      }
      at = end < 0 ? bytes.length : end + endstream.length;
      objectNames = new Set();
    } else at++;
  }
}

function isRegular(byte: number | undefined): boolean {
  return byte !== undefined && !isWhite(byte) && !isDelimiter(byte);
}

function indexOf(bytes: Uint8Array, word: Uint8Array, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(word, from);
}

/** What of JavaScript, Launch and SubmitForm actions and embedded files the PDF holds, in this order. */
export function findActiveContent(bytes: Uint8Array): ActiveContent[] {
  const found = new Set<ActiveContent>();
  scan(bytes, found, true);
  return activeContentKinds.filter((kind) => found.has(kind));
}
