// Child process of bench/run.ts: a bare node:http server sending the same bytes as the API, as the ceiling.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
