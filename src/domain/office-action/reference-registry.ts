import { findPublicationNumbers } from './publication-numbers.ts';
import { labelOf, type DraftReference } from './references.ts';
import type { Reference } from './types.ts';

/**
 * One entry per distinct reference in the action. Examiners give the number once ("Smith
 * (US 8,123,456 B2)") and then the name alone ("over Smith in view of Jones"); a name-only
 * reference takes the number given for that name elsewhere in the action. Entries are keyed on the
 * publication number without kind code, so "JP 2008-008593" and "JP 2008-008593 A" are one entry
 * (the one with the kind code wins).
 */
export class ReferenceRegistry {
  private readonly entries: Reference[] = [];
  private readonly byKey = new Map<string, Reference>();
  private readonly work: string;
  private readonly misses = new Set<string>();

  constructor(work: string) {
    this.work = work;
  }

  /** Registers a reference read in a statement; returns it with the registry id and resolved number. */
  add(draft: DraftReference): Reference {
    const resolved = draft.publication ? draft : this.resolveByName(draft);
    const key = keyOf(resolved);
    const existing = this.byKey.get(key);
    if (existing) {
      if (!existing.publication?.kind_code && resolved.publication?.kind_code) {
        existing.publication = resolved.publication;
        existing.label = labelOf(existing.short_name, existing.publication);
      }
      if (!existing.short_name && resolved.short_name) {
        existing.short_name = resolved.short_name;
        existing.label = labelOf(existing.short_name, existing.publication);
      }
      return {
        ...resolved,
        id: existing.id,
        short_name: resolved.short_name ?? existing.short_name,
        publication: existing.publication ?? resolved.publication,
        kind: existing.kind,
        label: labelOf(
          resolved.short_name ?? existing.short_name,
          existing.publication ?? resolved.publication,
          existing.publication ? undefined : existing.label,
        ),
      };
    }
    const entry: Reference = { ...resolved, id: `ref-${this.entries.length + 1}`, conflicting_claims: [...resolved.conflicting_claims] };
    this.entries.push(entry);
    this.byKey.set(key, entry);
    if (entry.short_name) this.byKey.set(`name:${entry.short_name.toLowerCase()}`, entry);
    return { ...resolved, id: entry.id };
  }

  all(): Reference[] {
    return this.entries;
  }

  private resolveByName(draft: DraftReference): DraftReference {
    if (!draft.short_name || draft.kind === 'aapa' || draft.kind === 'official_notice') return draft;
    const known = this.byKey.get(`name:${draft.short_name.toLowerCase()}`);
    if (known?.publication) return { ...draft, kind: known.kind, publication: known.publication, label: labelOf(draft.short_name, known.publication) };
    const lower = draft.short_name.toLowerCase();
    const found = this.misses.has(lower) ? null : findNumberForName(this.work, draft.short_name);
    if (!found) this.misses.add(lower);
    if (found) return { ...draft, kind: found.kind === 'wo' ? 'wo' : found.kind, publication: found, label: labelOf(draft.short_name, found) };
    return draft;
  }
}

function keyOf(r: DraftReference): string {
  if (r.publication) return `pub:${r.publication.base}`;
  if (r.short_name) return `name:${r.short_name.toLowerCase()}`;
  return `text:${r.label.toLowerCase()}`;
}

/** "Smith et al. (US 8,123,456 B2)" anywhere in the action: the number written right after the name. */
function findNumberForName(work: string, name: string): ReturnType<typeof findPublicationNumbers>[number]['publication'] | null {
  let from = 0;
  for (let guard = 0; guard < 200; guard++) {
    const at = work.indexOf(name, from);
    if (at < 0) return null;
    from = at + name.length;
    const after = work.slice(from, from + 70);
    const m = /^\s*(?:et\s+al\.?)?\s*[(,]?\s*/.exec(after);
    const rest = after.slice(m ? m[0].length : 0);
    const pubs = findPublicationNumbers(rest);
    if (pubs.length > 0 && pubs[0].index === 0) return pubs[0].publication;
  }
  return null;
}
