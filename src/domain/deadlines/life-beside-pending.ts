/**
 * The life deadlines that are not already an entry's pending action: a notice of allowance that
 * is pending is told as that action (the issue-fee date, not extendable), so its life entries
 * (issue fee, copendency on the same day) would only repeat it. The calendar feed, reminders and
 * the CSV export list these; GET /api/deadlines keeps every life entry.
 *
 * Structural types so the domain names no query type: the docket's deadlines list fits them.
 */
export function lifeBesidePending<L extends { life: { correspondenceId: string | null } }>(list: {
  deadlines: readonly { pending: { correspondence: { id: string } } }[];
  life: readonly L[];
}): L[] {
  const pending = new Set(list.deadlines.map((d) => d.pending.correspondence.id));
  return list.life.filter((l) => l.life.correspondenceId === null || !pending.has(l.life.correspondenceId));
}
