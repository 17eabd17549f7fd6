// The baseline for bench/speed-goals: bare Fastify answering a fixed JSON body on every GET path.
// BODIES (a JSON object of path -> body) gives each route the body Prosa answers it with, so each
// row compares the same bytes; BODY answers any other path.
import Fastify from 'fastify';

const body = process.env.BODY ?? '{}';
const bodies = new Map<string, string>(Object.entries(JSON.parse(process.env.BODIES ?? '{}')));
const app = Fastify({ logger: false });
app.get('/*', async (req, reply) => reply.type('application/json; charset=utf-8').send(bodies.get(req.url) ?? body));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare fastify listening on ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
