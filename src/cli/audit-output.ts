import { printResult } from './output.ts';

interface AuditListing {
  email: string;
  entries: {
    created_at: string;
    source: string | null;
    actor: string;
    action: string;
    target_type: string | null;
    target_id: string | null;
    details: Record<string, unknown>;
  }[];
  more: boolean;
}

/** `prosa audit`: JSON with --json, otherwise one line per entry (time, source, action, target, details). */
export function printAuditLog(result: unknown, json: boolean): void {
  if (json) {
    printResult(result, true);
    return;
  }
  const listing = result as AuditListing;
  if (listing.entries.length === 0) {
    process.stdout.write(`No audit entries for ${listing.email}.\n`);
    return;
  }
  const lines = listing.entries.map((e) => {
    const target = e.target_type ? ` ${e.target_type}${e.target_id ? `:${e.target_id}` : ''}` : '';
    const details = Object.keys(e.details).length > 0 ? ` ${JSON.stringify(e.details)}` : '';
    return `${e.created_at}  ${(e.source ?? e.actor).padEnd(9)}  ${e.action}${target}${details}`;
  });
  if (listing.more) lines.push('(more entries: raise --limit)');
  process.stdout.write(`${lines.join('\n')}\n`);
}
