import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/config-error.ts';
import { rateLimitStoreFor } from '../../src/serving/rate-limits/rate-limits-for.ts';

/**
 * Which store keeps a process's rate-limit counters (docs/decisions/scale-out-and-speed.md
 * "Which store keeps the counters"): shared exactly when more than one process answers the same clients.
 */
const config = (env: Record<string, string>) => loadConfig({ PROSA_DEMO_DATA: 'off', ...env });
const PG = 'postgres://postgres@127.0.0.1:5432/prosa';
const pglite = { kind: 'pglite' } as const;
const postgres = { kind: 'postgres' } as const;

describe('the rate-limit store a process picks', () => {
  test('one all-in-one process keeps its counters in memory, embedded or on PostgreSQL', () => {
    expect(rateLimitStoreFor(config({}), pglite, false)).toBe('memory');
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG }), postgres, false)).toBe('memory');
  });

  test('role-split replicas share PostgreSQL, or Redis when REDIS_URL is set', () => {
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG }), postgres, true)).toBe('postgres');
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG, REDIS_URL: 'redis://127.0.0.1:6379/0' }), postgres, true)).toBe('redis');
    // REDIS_URL set on an all-in-one process: the operator asked for the shared store.
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG, REDIS_URL: 'redis://127.0.0.1:6379/0' }), postgres, false)).toBe('redis');
  });

  test('PROSA_RATE_LIMIT_STORE overrides the choice', () => {
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG, PROSA_RATE_LIMIT_STORE: 'postgres' }), postgres, false)).toBe('postgres');
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG, PROSA_RATE_LIMIT_STORE: 'memory' }), postgres, true)).toBe('memory');
    expect(rateLimitStoreFor(config({ DATABASE_URL: PG, REDIS_URL: 'redis://127.0.0.1:6379/0', PROSA_RATE_LIMIT_STORE: 'postgres' }), postgres, true)).toBe(
      'postgres',
    );
  });

  test('a store that cannot work is a configuration error naming the setting', () => {
    expect(() => config({ PROSA_RATE_LIMIT_STORE: 'redis' })).toThrow(ConfigError);
    expect(() => config({ PROSA_RATE_LIMIT_STORE: 'redis' })).toThrow(/PROSA_RATE_LIMIT_STORE is "redis" but REDIS_URL is not set/);
    expect(() => config({ PROSA_RATE_LIMIT_STORE: 'postgres' })).toThrow(/PROSA_RATE_LIMIT_STORE is "postgres" but DATABASE_URL is not set/);
    expect(() => config({ PROSA_RATE_LIMIT_STORE: 'disk' })).toThrow(/PROSA_RATE_LIMIT_STORE/);
  });
});
