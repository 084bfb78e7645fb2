import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// s3rver in a process of its own (see s3-server.ts): started with OpenSSL's legacy provider, since
// its ListObjectsV2 continuation tokens are DES-encrypted. Tells its parent the port, then each
// request's method, path and headers; stops when the parent disconnects.
const directory = await mkdtemp(path.join(tmpdir(), 'lipputori-s3-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
server.httpServer.prependListener('request', (request) =>
  process.send?.({ request: { method: request.method, url: request.url, headers: request.headers } }),
);
process.send?.({ port });
process.on('disconnect', async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
  process.exit(0);
});
