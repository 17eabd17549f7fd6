import { type PGlite, type Results, parse } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { createRequire } from 'node:module';
import { SessionStatements } from './pglite-session-statements.ts';

/**
 * One statement on the embedded database as ONE exchange with PostgreSQL (issue 24).
 *
 * PGlite's `query()` sends the extended protocol one message at a time, each a separate call into
 * the WebAssembly backend with its own awaits: Parse, Describe, Bind, Describe, Execute, Sync.
 * The fixed cost of those six trips was most of a simple statement's cost (measured on a
 * one-row primary-key read: 1.0 ms CPU through `query()`, 0.36 ms as one exchange, 0.22 ms when
 * the statement is also prepared; one process, 2026-11-28). Here the
 * messages go together, as every PostgreSQL client pipelines them over a socket: Parse (unless
 * the statement is prepared), Bind, Describe, Execute, Sync; PostgreSQL answers them in order and,
 * after an error, skips to the Sync, so one failed statement leaves the session ready as before.
 *
 * Parameters are converted by node-postgres's own `prepareValue`, the conversion the PostgreSQL
 * deployment uses, so both databases receive the same text for the same value; PostgreSQL infers
 * their types as it does for node-postgres. (PGlite's `query()` asked the backend for the types
 * first, one more trip, to pick a JavaScript serializer per type.) Results are read by PGlite's own
 * parser with the instance's type parsers, so rows come back exactly as `query()` returned them.
 *
 * The messages are written by node-postgres's own serializer (pg-protocol, the one the PostgreSQL
 * deployment's driver uses): it measures and writes strings with Buffer's native code, where
 * PGlite's port counts a string's UTF-8 bytes in a JavaScript loop and copies every value through
 * two more buffers. For an analysis' write (a 25 kB action's text and its 9 kB packed record) that
 * was 0.45 against 0.16 ms per statement, and every small statement pays the same per-message
 * overhead. Both write the same messages but for one detail: PGlite's Bind asks for the results
 * with no format codes (all text), pg-protocol's with one (text), which PostgreSQL reads alike.
 *
 * Which statements are prepared, and when, is pglite-session-statements.ts's to say; closing an
 * evicted one rides on the next exchange.
 *
 * The caller holds PGlite's query lock (pglite-queries.ts); this module only speaks the protocol.
 */
/** node-postgres's conversion of a parameter to the text (or bytes) it sends; the package ships it untyped. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): string | Buffer | null };

/** Each instance's session and the statements it keeps prepared. */
const sessions = new WeakMap<PGlite, SessionStatements>();

function sessionOf(pglite: PGlite): SessionStatements {
  let session = sessions.get(pglite);
  if (!session) {
    session = new SessionStatements();
    sessions.set(pglite, session);
  }
  return session;
}

const closing = (names: readonly string[]) => names.map((name) => serialize.close({ type: 'S', name }));

export async function exchangeStatement(
  pglite: PGlite,
  sql: string,
  parameters: readonly unknown[],
  syncToFs: boolean,
): Promise<Results<Record<string, unknown>>> {
  const session = sessionOf(pglite);
  const turn = session.turn(sql);
  const values = parameters.map((p) => prepareValue(p));
  const messages = closing(turn.close);
  if (turn.parse) messages.push(serialize.parse({ name: turn.name, text: sql }));
  messages.push(serialize.bind({ statement: turn.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  try {
    const replies = await pglite.execProtocolStream(Buffer.concat(messages), { syncToFs, throwOnError: true });
    if (turn.parse) session.parsed(turn.name);
    return parse.parseResults(replies, pglite.parsers, { rowMode: 'object' })[0] as Results<Record<string, unknown>>;
  } catch (error) {
    // Closing a name the session does not have is no error.
    const close = session.failed(sql, turn, (error as { code?: unknown } | null)?.code);
    if (close.length) await pglite.execProtocolStream(Buffer.concat([...closing(close), serialize.sync()]), { syncToFs: false, throwOnError: false });
    if (error && typeof error === 'object') Object.assign(error, { query: sql, params: parameters });
    throw error;
  }
}
