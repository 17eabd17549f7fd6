// USPTO full-day closures (MPEP 510: a day the entire Office is officially closed is a "Federal
// holiday within the District of Columbia" under 35 U.S.C. 21(b)). Announced ad hoc, so they come
// from the maintained data file rather than from a rule.
import closureFile from './uspto-closures.json' with { type: 'json' };
import { isIsoDate, type IsoDate } from './calendar.ts';

export interface Closure {
  date: IsoDate;
  reason: string;
  sources: string[];
}

export const CLOSURE_CITATION = 'MPEP 510; 35 U.S.C. 21(b); 37 CFR 1.7(a)';

// Check the data file once at load time: a malformed entry must fail loudly, not be skipped.
function checked(entries: readonly { date: string; reason: string; sources: string[] }[], list: string): Closure[] {
  const seen = new Set<string>();
  return entries.map((e, i) => {
    if (!isIsoDate(e.date)) throw new Error(`uspto-closures.json ${list}[${i}]: invalid date ${JSON.stringify(e.date)}`);
    if (seen.has(e.date)) throw new Error(`uspto-closures.json ${list}[${i}]: duplicate date ${e.date}`);
    if (typeof e.reason !== 'string' || e.reason.length === 0) throw new Error(`uspto-closures.json ${list}[${i}]: reason missing`);
    if (!Array.isArray(e.sources) || e.sources.length === 0 || !e.sources.every((s) => typeof s === 'string' && s.length > 0)) {
      throw new Error(`uspto-closures.json ${list}[${i}]: every closure must name its sources`);
    }
    seen.add(e.date);
    return { date: e.date, reason: e.reason, sources: [...e.sources] };
  });
}

const applied = checked(closureFile.closures, 'closures');
const pending = checked(closureFile.pending_confirmation, 'pending_confirmation');
const byDate = new Map(applied.map((c) => [c.date, c]));

/** The closure in force on a date, if any. Entries pending confirmation are not applied. */
export function closureOn(date: IsoDate): Closure | undefined {
  const c = byDate.get(date);
  return c ? { ...c, sources: [...c.sources] } : undefined;
}

/** Every applied closure, in date order. */
export function usptoClosures(): Closure[] {
  return applied.map((c) => ({ ...c, sources: [...c.sources] })).sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Announced closures not yet confirmed by a USPTO notice (listed for review, never applied). */
export function closuresPendingConfirmation(): Closure[] {
  return pending.map((c) => ({ ...c, sources: [...c.sources] }));
}
