import { afterEach, describe, expect, test, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { askAgainOnMount } from '../../web/src/api/docket.ts';
import { queryKeys } from '../../web/src/api/query-keys.ts';

// When the docket page mounts (web/src/api/docket.ts), with TanStack Query's own observer: the
// page joined a prefetch made in the same two seconds, and an assistant's change announced in
// between (the activity stream invalidates the docket's queries while the page is closed) was
// never shown: CI's browser test (test/web/assistant-work-visible.test.ts) saw the docket stay
// empty after an MCP client added an application, when the two steps came less than 2 s apart.
// Under the docket's prefix, as the page's queries are: what the activity stream invalidates.
const KEY = [...queryKeys.docket.all, 'pages-under-test'];

function harness() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });
  let fetches = 0;
  const queryFn = async () => ++fetches;
  /** The page mounts: an observer with the page's refetchOnMount subscribes, and the fetch it starts (if any) settles. */
  const mount = async () => {
    const observer = new QueryObserver(qc, { queryKey: KEY, queryFn, refetchOnMount: askAgainOnMount });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    unsubscribe();
  };
  return { qc, queryFn, mount, fetches: () => fetches };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the docket page asks again when it mounts', () => {
  test('data fetched a moment ago and unchanged is shown as it is (the cold-open prefetch is not repeated)', async () => {
    const h = harness();
    await h.qc.prefetchQuery({ queryKey: KEY, queryFn: h.queryFn });
    await h.mount();
    expect(h.fetches()).toBe(1);
  });

  test('data fetched a moment ago but invalidated since (an assistant changed the docket) is fetched again', async () => {
    const h = harness();
    await h.qc.prefetchQuery({ queryKey: KEY, queryFn: h.queryFn });
    await h.qc.invalidateQueries({ queryKey: queryKeys.docket.all }); // the activity stream, the page closed
    await h.mount();
    expect(h.fetches()).toBe(2);
    expect(h.qc.getQueryData(KEY)).toBe(2);
  });

  test('data older than two seconds is fetched again even when nothing announced a change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const h = harness();
    await h.qc.prefetchQuery({ queryKey: KEY, queryFn: h.queryFn });
    vi.setSystemTime(Date.now() + 2_500); // within the 5 s staleTime: only 'always' asks again
    await h.mount();
    expect(h.fetches()).toBe(2);
  });
});
