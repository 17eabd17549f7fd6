// The baseline of bench/db-reads.ts: a bare node:http server that answers each path with the exact
// status, headers and body Prosa answered it with (REPLAY: a JSON object of path -> {status,
// headers, body}), so a row compares the same bytes on the wire; only Date and the connection
// headers are node's own. Nothing else runs per request.
import { createServer } from 'node:http';

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}
const replay = new Map<string, Recorded>(Object.entries(JSON.parse(process.env.REPLAY ?? '{}')));
const missing: Recorded = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not recorded' };

const server = createServer((req, res) => {
  const r = replay.get(req.url ?? '') ?? missing;
  res.writeHead(r.status, r.headers);
  res.end(r.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  if (a && typeof a === 'object') console.log(`replay listening on http://127.0.0.1:${a.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
