import { type PGlite, type Results, parse, protocol } from '@electric-sql/pglite';
import { prepareValue } from 'pg/lib/utils.js';
import { preparedName } from './prepared-statements.ts';

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
 * Statements registered as hot (prepared-statements.ts) are parsed once per PGlite instance under
 * their registered name and then only bound, as node-postgres does on PostgreSQL.
 *
 * The caller holds PGlite's query lock (pglite-queries.ts); this module only speaks the protocol.
 */
const { serialize } = protocol;

/** The named statements each instance's session has parsed (a session keeps them until it closes). */
const parsedStatements = new WeakMap<PGlite, Set<string>>();

function parsedBy(pglite: PGlite): Set<string> {
  let names = parsedStatements.get(pglite);
  if (!names) {
    names = new Set();
    parsedStatements.set(pglite, names);
  }
  return names;
}

function joined(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

export async function exchangeStatement(
  pglite: PGlite,
  sql: string,
  parameters: readonly unknown[],
  syncToFs: boolean,
): Promise<Results<Record<string, unknown>>> {
  const name = preparedName(sql) ?? '';
  const parsed = parsedBy(pglite);
  const parseFirst = name === '' || !parsed.has(name);
  const values = parameters.map((p) => prepareValue(p));
  const messages: Uint8Array[] = [];
  if (parseFirst) messages.push(serialize.parse({ name, text: sql }));
  messages.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  try {
    const replies = await pglite.execProtocolStream(joined(messages), { syncToFs, throwOnError: true });
    if (parseFirst && name) parsed.add(name);
    return parse.parseResults(replies, pglite.parsers, { rowMode: 'object' })[0] as Results<Record<string, unknown>>;
  } catch (error) {
    // A named statement whose exchange failed may or may not have been parsed: close it (closing
    // an unknown name is no error) so that its next run parses it again.
    if (parseFirst && name)
      await pglite.execProtocolStream(joined([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false, throwOnError: false });
    if (error && typeof error === 'object') Object.assign(error, { query: sql, params: parameters });
    throw error;
  }
}
