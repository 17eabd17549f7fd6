/**
 * The one place Prosa reads the wall clock for a calendar day. Domain code never does (it takes
 * `today` as an argument); deadlines are counted in calendar days in UTC.
 */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
