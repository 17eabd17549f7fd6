// The baseline for bench/speed-goals: bare Fastify answering a fixed JSON body on every GET path.
import Fastify from 'fastify';

const body = process.env.BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/*', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare fastify listening on ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
