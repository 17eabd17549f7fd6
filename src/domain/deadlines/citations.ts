// The trail of rules behind each output date: every date field of the result gets an entry
// {field, rule, text}, so a practitioner can check where it came from.
import { WEEKDAY_NAMES, weekday } from './calendar.ts';
import { ROLL_CITATION, type Roll } from './business-days.ts';
import type { CitationEntry } from './types.ts';

export class CitationTrail {
  readonly entries: CitationEntry[] = [];

  add(field: string, rule: string, text: string): void {
    this.entries.push({ field, rule, text });
  }

  /** Records the 35 U.S.C. 21(b) roll (or its absence) for an `*_effective` field. */
  addRoll(field: string, r: Roll): void {
    this.add(field, rollRule(r), describeRoll(r));
  }
}

export function rollRule(r: Roll): string {
  const extra = [...new Set(r.skipped.filter((s) => s.citation !== ROLL_CITATION).map((s) => s.citation))];
  return [ROLL_CITATION, ...extra].join('; ');
}

export function describeRoll(r: Roll): string {
  if (r.skipped.length === 0) return `${r.nominal} (${WEEKDAY_NAMES[weekday(r.nominal)]}) is a business day; no roll.`;
  const days = r.skipped.map((s) => `${s.date} ${s.name}`).join('; ');
  return `Not a business day (${days}); moved to the next business day ${r.effective} (${WEEKDAY_NAMES[weekday(r.effective)]}).`;
}
