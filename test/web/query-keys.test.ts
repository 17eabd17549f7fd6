import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../web/src/api/query-keys.ts';
import { applicationQuery, responsePlansQuery } from '../../web/src/api/applications.ts';
import { idsTimingQuery } from '../../web/src/api/ids-timing.ts';
import { docketEntryQuery, docketPagesQuery, docketQuery, docketStatusesQuery } from '../../web/src/api/docket.ts';
import { claimChartQuery, claimVersionsQuery, citedReferencesQuery, documentsQuery, supportSearchQuery } from '../../web/src/api/file.ts';
import { analyzeQuoteQuery } from '../../web/src/api/analyses.ts';
import { exportQuoteQuery } from '../../web/src/api/forms.ts';
import { creditsQuery, matterReportQuery } from '../../web/src/api/credits.ts';
import { planQuery, previewQuery } from '../../web/src/api/plans.ts';

// Issue 23: query keys were literals spread over the web app, so a mutation's invalidation and
// the query it meant to refresh could drift apart silently. Every key now comes from
// web/src/api/query-keys.ts through the queryOptions factories beside each resource.

const WEB_SRC = join(import.meta.dirname, '../../web/src');
const KEYS_FILE = 'api/query-keys.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** `file:line: text` for each line of web/src (but the keys file) matching the pattern. */
function offenders(pattern: RegExp): string[] {
  return sources(WEB_SRC)
    .filter((f) => relative(WEB_SRC, f) !== KEYS_FILE)
    .flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${relative(WEB_SRC, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
}

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((p, i) => Object.is(key[i], p));

const CACHE_CALL_BY_HAND =
  /\.(setQueryData|getQueryData|prefetchQuery|prefetchInfiniteQuery|ensureQueryData|fetchQuery|removeQueries|cancelQueries)\s*(<[^>]*>)?\((?!\s*(queryKeys\.|\w+Query\())/;

describe('query keys come from the factories', () => {
  test('the scan sees the web app (it would pass on an empty directory otherwise)', () => {
    const files = sources(WEB_SRC).map((f) => relative(WEB_SRC, f));
    expect(files).toContain(KEYS_FILE);
    expect(files).toContain('api/docket.ts');
    expect(offenders(/queryKey\s*:/).length).toBeGreaterThan(40);
  });

  test('every `queryKey:` in web/src names a key of queryKeys, never a literal or a local copy', () => {
    expect(offenders(/queryKey\s*:(?!\s*queryKeys\.)/)).toEqual([]);
  });

  test('no cache call takes a key written by hand', () => {
    // A key of queryKeys, or the options of a query factory (docketPagesQuery(...)), whose own
    // `queryKey:` the test above holds to queryKeys.
    expect(offenders(CACHE_CALL_BY_HAND)).toEqual([]);
    // A predicate compares the key's resource with a key of queryKeys too.
    expect(offenders(/queryKey\[0\]\s*[!=]==?\s*['"]/)).toEqual([]);
  });

  test('the scan catches a literal key', () => {
    expect(CACHE_CALL_BY_HAND.test("qc.prefetchQuery({ queryKey: ['docket'], queryFn })")).toBe(true);
    expect(CACHE_CALL_BY_HAND.test("qc.getQueryData(['docket'])")).toBe(true);
    expect(CACHE_CALL_BY_HAND.test('qc.prefetchQuery(docketStatusesQuery())')).toBe(false);
    expect(CACHE_CALL_BY_HAND.test('qc.getQueryData(queryKeys.docket.all)')).toBe(false);
    const literal = /queryKey\s*:(?!\s*queryKeys\.)/;
    expect(literal.test("useQuery({ queryKey: ['docket'], queryFn })")).toBe(true);
    expect(literal.test('invalidateQueries({ queryKey: key })')).toBe(true);
    expect(literal.test('invalidateQueries({ queryKey: queryKeys.docket.all })')).toBe(false);
  });
});

describe('the keys nest as the invalidations need', () => {
  test('a docket change refreshes the list, its pages, statuses and every entry', () => {
    const params = { sort: 'application_number' as const, q: '', status: '', responsible: '' };
    for (const key of [docketQuery().queryKey, docketPagesQuery(params).queryKey, docketStatusesQuery().queryKey, docketEntryQuery('e1').queryKey]) {
      expect(startsWith(key, queryKeys.docket.all), String(key)).toBe(true);
    }
  });

  test("an office action recorded on one application refreshes all of that application's tabs, and only that one's", () => {
    for (const key of [applicationQuery('16000001').queryKey, idsTimingQuery('16000001').queryKey, responsePlansQuery('16000001').queryKey]) {
      expect(startsWith(key, queryKeys.application.one('16000001')), String(key)).toBe(true);
      expect(startsWith(key, queryKeys.application.all)).toBe(true);
    }
    expect(startsWith(idsTimingQuery('16000002').queryKey, queryKeys.application.one('16000001'))).toBe(false);
  });

  test('a change of entity status or balance refreshes both kinds of quote', () => {
    expect(startsWith(analyzeQuoteQuery('text', 'CTNF').queryKey, queryKeys.quote.all)).toBe(true);
    expect(startsWith(exportQuoteQuery('ids', undefined, '16000001').queryKey, queryKeys.quote.all)).toBe(true);
  });

  test('a change to a file refreshes its lists, the charts, the cited references and the support searches', () => {
    expect(startsWith(documentsQuery('e1').queryKey, queryKeys.file.entry('e1'))).toBe(true);
    expect(startsWith(claimVersionsQuery('e1').queryKey, queryKeys.file.entry('e1'))).toBe(true);
    expect(startsWith(claimChartQuery('a1').queryKey, queryKeys.claimChart.all)).toBe(true);
    expect(startsWith(citedReferencesQuery('a1').queryKey, queryKeys.citedReferences.all)).toBe(true);
    expect(startsWith(supportSearchQuery('e1', 'a tether', 'a1').queryKey, queryKeys.supportSearch.all)).toBe(true);
  });

  test('a charge refreshes the ledger and the matter report; a plan edit refreshes its preview', () => {
    expect(startsWith(creditsQuery().queryKey, queryKeys.credits.all)).toBe(true);
    expect(startsWith(matterReportQuery({ from: '2026-01-01', to: '2026-01-31' }).queryKey, queryKeys.credits.all)).toBe(true);
    expect(startsWith(previewQuery('p1', 3).queryKey, planQuery('p1').queryKey)).toBe(true);
  });

  test('invalidating a prefix marks exactly the queries under it (TanStack Query matches keys this way)', async () => {
    const qc = new QueryClient();
    const under = [docketEntryQuery('e1').queryKey, docketStatusesQuery().queryKey];
    const outside = [queryKeys.deadlines.upcoming(30), applicationQuery('16000001').queryKey];
    for (const key of [...under, ...outside]) qc.setQueryData(key, {});
    await qc.invalidateQueries({ queryKey: queryKeys.docket.all, refetchType: 'none' });
    expect(under.map((key) => qc.getQueryState(key)?.isInvalidated)).toEqual([true, true]);
    expect(outside.map((key) => qc.getQueryState(key)?.isInvalidated)).toEqual([false, false]);
    qc.clear();
  });

  test('no two resources share a first key element (one resource could refresh the other by accident)', () => {
    const firstElements = new Map<string, Set<unknown>>();
    const collect = (group: string, value: unknown) => {
      const keys: unknown[][] = [];
      const visit = (v: unknown) => {
        if (Array.isArray(v)) keys.push(v);
        else if (typeof v === 'function') keys.push((v as (...a: unknown[]) => unknown[])('x', 'y', 'z'));
        else if (v && typeof v === 'object') for (const inner of Object.values(v)) visit(inner);
      };
      visit(value);
      firstElements.set(group, new Set(keys.map((k) => k[0])));
    };
    for (const [group, value] of Object.entries(queryKeys)) collect(group, value);
    const owner = new Map<unknown, string>();
    for (const [group, firsts] of firstElements) {
      for (const first of firsts) {
        expect(owner.get(first) ?? group, `${String(first)} is used by ${owner.get(first)} and ${group}`).toBe(group);
        owner.set(first, group);
      }
    }
  });
});
