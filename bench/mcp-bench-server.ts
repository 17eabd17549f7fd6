// The server bench/mcp-overhead.ts measures, in its own process (the load generator must not
// share its event loop): one process serving the API and the MCP server, embedded database with
// the demo docket, rate limits lifted (they are not what is measured), test-only auto-approve
// sign-in so the bench can obtain a real OAuth token.
import { startChecksServer } from '../test/external/serve-for-checks.ts';

const server = await startChecksServer({ demo: true, liftMcpLimits: true });
process.stdout.write(`mcp bench server listening on ${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
