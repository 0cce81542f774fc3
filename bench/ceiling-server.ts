/**
 * The ceiling: a bare node:http server that answers every request with the bytes of a feed page
 * held in memory. Nothing the real server does can be faster on this machine, so feed results are
 * reported as a fraction of it. Run as its own process, like the real server:
 *   node --import tsx bench/ceiling-server.ts <port> <body-file>
 */
import fs from 'node:fs';
import http from 'node:http';

const [portArgument, bodyFile] = process.argv.slice(2);
if (!portArgument || !bodyFile) {
  console.error('usage: ceiling-server.ts <port> <body-file>');
  process.exit(2);
}
const body = fs.readFileSync(bodyFile);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(body.length),
};

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(portArgument), '127.0.0.1', () => console.log('ready'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
