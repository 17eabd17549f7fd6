import { expect, test } from 'vitest';
import { SessionStatements } from './pglite-session-statements.ts';
import { executeCompiledPrepared } from './prepared-statements.ts';

const Q = 'select * from applications where id = $1';

test('a query is prepared on its third run and bound after; one-off texts stay unnamed', () => {
  const s = new SessionStatements();
  expect(s.turn(Q)).toEqual({ name: '', parse: true, close: [] });
  expect(s.turn(Q)).toEqual({ name: '', parse: true, close: [] });
  const third = s.turn(Q);
  expect(third).toMatchObject({ parse: true, close: [] });
  expect(third.name).toMatch(/^prosa_auto_\d+$/);
  s.parsed(third.name);
  expect(s.turn(Q)).toEqual({ name: third.name, parse: false, close: [] });
  expect(s.turn('select 2')).toEqual({ name: '', parse: true, close: [] });
});

test('a statement registered as hot is prepared under its registered name from its first run', async () => {
  const sql = 'select $1::text as registered_for_session_test';
  // Registering needs an executor; a stub one that runs nothing.
  await executeCompiledPrepared(
    { executeQuery: async () => ({ rows: [] }) },
    { sql, parameters: ['x'], query: undefined as never, queryId: undefined as never },
  );
  const s = new SessionStatements();
  const first = s.turn(sql);
  expect(first.name).toMatch(/^prosa_[0-9a-f]{24}$/);
  expect(first.parse).toBe(true);
});

test('the least recently used is closed when the session holds 200; a schema change closes them all, SET none', () => {
  const s = new SessionStatements();
  const names: string[] = [];
  for (let i = 0; i < 201; i++) {
    const sql = `select ${i}`;
    s.turn(sql);
    s.turn(sql);
    const turn = s.turn(sql);
    s.parsed(turn.name);
    names.push(turn.name);
    if (i < 200) expect(turn.close).toEqual([]);
    else expect(turn.close).toEqual([names[0]]);
  }
  expect(s.turn('select 1').parse).toBe(false); // used recently, kept
  expect(s.turn('set local jit = off').close).toEqual([]);
  expect(s.turn('savepoint a').close).toEqual([]);
  const ddl = s.turn('alter table applications add column x text');
  expect(ddl.close).toHaveLength(200);
  expect(ddl.close).not.toContain(names[0]);
  expect(s.turn('select 1')).toEqual({ name: '', parse: true, close: [] });
});

test('after a failure a statement parsed in that exchange is closed, and one bound from before only when its plan no longer fits', () => {
  const s = new SessionStatements();
  for (let i = 0; i < 2; i++) s.turn(Q);
  const parsing = s.turn(Q);
  expect(s.failed(Q, parsing, '23505')).toEqual([parsing.name]);
  for (let i = 0; i < 2; i++) s.turn(Q);
  const again = s.turn(Q);
  s.parsed(again.name);
  const bound = s.turn(Q);
  expect(s.failed(Q, bound, '23505')).toEqual([]);
  expect(s.turn(Q).parse).toBe(false);
  expect(s.failed(Q, s.turn(Q), '0A000')).toEqual([again.name]);
  expect(s.turn(Q).name).toBe('');
});
