import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Sending a private file (a ticket, a complaint's evidence): what every such answer shares.

/** A stored file on its way to the one person allowed to have it. */
export interface PrivateFile {
  fileName: string;
  contentType: string;
  stream: Readable;
  /** Bytes, when known before sending. */
  size?: number | undefined;
}

/** RFC 6266 header that keeps Finnish letters in the saved file name. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The file as a private download: never cached, never sniffed as something else, never framed
 * (frame-ancestors 'none', as every answer: the admin's viewer shows drawn pages).
 */
export function sendPrivateFile(reply: FastifyReply, kind: 'inline' | 'attachment', file: PrivateFile) {
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .send(file.stream);
}
