import S3rver from 's3rver';

// s3rver in a process of its own (see s3-server.ts): started with OpenSSL's legacy provider, since
// its ListObjectsV2 continuation tokens are DES-encrypted. Tells its parent the port, then each
// request's method, path and headers; stops when the parent disconnects. Objects live in the
// folder named by the first argument, which the parent makes and removes.
const [directory = ''] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
server.httpServer.prependListener('request', (request) =>
  process.send?.({ request: { method: request.method, url: request.url, headers: request.headers } }),
);
process.send?.({ port });
process.on('disconnect', async () => {
  await server.close();
  process.exit(0);
});
