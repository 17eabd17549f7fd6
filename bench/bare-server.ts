// The baseline for bench/lookup: node:http answering a fixed JSON body, nothing else.
import { createServer } from 'node:http';

const body = process.env.BODY ?? '{}';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  if (a && typeof a === 'object') console.log(`bare listening on http://127.0.0.1:${a.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
