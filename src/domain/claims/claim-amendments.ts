/**
 * Marked-up claim text for a claim listing under 37 CFR 1.121(c)(2): "The text of any added
 * subject matter must be shown by underlining the added text. The text of any deleted matter must
 * be shown by strike-through except that double brackets placed before and after the deleted
 * characters may be used to show deletion of five or fewer consecutive characters."
 *
 * Pure: a word-level diff (longest common subsequence over word, space and punctuation tokens)
 * followed by the marking. The listing marks a claim relative to its immediate prior version
 * (37 CFR 1.121(c)(2); MPEP 714), so `oldText` is the claim as it now stands.
 */

export type DiffOp = { op: 'equal' | 'insert' | 'delete'; text: string };

/**
 * How a run of a marked claim is shown. `prompt` is text the practitioner must write that will be
 * an addition (shown underlined); `placeholder` stands for a whole claim text to be inserted;
 * `separator` is a display space between deleted text and the text replacing it ("[[The]] A").
 */
export type RunMark = 'none' | 'added' | 'deleted' | 'deleted_bracketed' | 'prompt' | 'placeholder' | 'separator';
export type MarkedRun = { text: string; mark: RunMark };

/** Deletions of this many characters or fewer are shown in double brackets (37 CFR 1.121(c)(2)). */
export const BRACKET_DELETION_MAX_CHARS = 5;

const TOKEN = /\s+|[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

/** Words (letters and digits, with inner apostrophes), runs of whitespace, and single punctuation marks. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * Word-level diff. Within a change, deleted text comes before added text; a run of whitespace
 * alone between two changes is folded into both, and so is a short unchanged stretch between two
 * much longer changes, so a rewritten phrase reads as one deletion and one addition rather than
 * alternating fragments (the same idea as diff-match-patch's semantic cleanup).
 */
export function diffWords(oldText: string, newText: string): DiffOp[] {
  const a = tokenize(oldText);
  const b = tokenize(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const raw: DiffOp[] = [];
  for (let i = 0; i < start; i++) raw.push({ op: 'equal', text: a[i] });
  raw.push(...lcsOps(a.slice(start, endA), b.slice(start, endB)));
  for (let i = endA; i < a.length; i++) raw.push({ op: 'equal', text: a[i] });
  return absorbShortEqualities(groupChanges(raw));
}

type Segment = { equal: string } | { del: string; ins: string };

/**
 * Folds an unchanged stretch into the changes around it when it is at most half as long as the
 * larger side of each neighbouring change: "of" between a 150-character addition and "claim 5"
 * is not worth showing as kept text.
 */
function absorbShortEqualities(ops: DiffOp[]): DiffOp[] {
  const segs: Segment[] = [];
  for (const o of ops) {
    const last = segs[segs.length - 1];
    if (o.op === 'equal') segs.push({ equal: o.text });
    else if (last && !('equal' in last)) {
      if (o.op === 'delete') last.del += o.text;
      else last.ins += o.text;
    } else segs.push(o.op === 'delete' ? { del: o.text, ins: '' } : { del: '', ins: o.text });
  }
  const size = (x: { del: string; ins: string }) => Math.max(x.del.length, x.ins.length);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i + 1 < segs.length; i++) {
      const [prev, mid, next] = [segs[i - 1], segs[i], segs[i + 1]];
      if (!('equal' in mid) || 'equal' in prev || 'equal' in next) continue;
      if (2 * mid.equal.length > Math.min(size(prev), size(next))) continue;
      segs.splice(i - 1, 3, { del: prev.del + mid.equal + next.del, ins: prev.ins + mid.equal + next.ins });
      changed = true;
      break;
    }
  }
  const out: DiffOp[] = [];
  for (const g of segs) {
    if ('equal' in g) out.push({ op: 'equal', text: g.equal });
    else {
      if (g.del) out.push({ op: 'delete', text: g.del });
      if (g.ins) out.push({ op: 'insert', text: g.ins });
    }
  }
  return out;
}

/** Token ops from a longest-common-subsequence table (n·m cells; claims are short). */
function lcsOps(a: string[], b: string[]): DiffOp[] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  const table = new Int32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1] + 1 : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const ops: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ op: 'equal', text: a[i] });
      i++;
      j++;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) {
      ops.push({ op: 'delete', text: a[i++] });
    } else {
      ops.push({ op: 'insert', text: b[j++] });
    }
  }
  while (i < n) ops.push({ op: 'delete', text: a[i++] });
  while (j < m) ops.push({ op: 'insert', text: b[j++] });
  return ops;
}

/** Merges token ops into equal runs and change blocks (deletion, then addition). */
function groupChanges(ops: DiffOp[]): DiffOp[] {
  const out: DiffOp[] = [];
  let del = '';
  let ins = '';
  let equal = '';
  const flushChange = () => {
    if (del) out.push({ op: 'delete', text: del });
    if (ins) out.push({ op: 'insert', text: ins });
    del = '';
    ins = '';
  };
  for (let k = 0; k < ops.length; k++) {
    const o = ops[k];
    if (o.op === 'equal') {
      const inChange = del !== '' || ins !== '';
      const nextIsChange = k + 1 < ops.length && ops[k + 1].op !== 'equal';
      if (inChange && equal === '' && /^\s+$/.test(o.text) && nextIsChange) {
        del += o.text;
        ins += o.text;
        continue;
      }
      flushChange();
      equal += o.text;
    } else {
      if (equal) out.push({ op: 'equal', text: equal });
      equal = '';
      if (o.op === 'delete') del += o.text;
      else ins += o.text;
    }
  }
  flushChange();
  if (equal) out.push({ op: 'equal', text: equal });
  return out;
}

/** Splits leading and trailing whitespace off a change, which is shown unmarked. */
function splitEdges(text: string): [string, string, string] {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return [m[1], m[2], m[3]];
}

/**
 * Runs for a "(Currently Amended)" claim: added text underlined; deleted text struck through, or
 * in double brackets when five or fewer consecutive characters are deleted (37 CFR 1.121(c)(2)).
 * A change of whitespace alone is not marked.
 */
function markAmendment(ops: readonly DiffOp[]): MarkedRun[] {
  const runs: MarkedRun[] = [];
  const push = (text: string, mark: RunMark) => {
    if (!text) return;
    const last = runs[runs.length - 1];
    if (last && last.mark === mark) last.text += text;
    else runs.push({ text, mark });
  };
  for (const o of ops) {
    if (o.op === 'equal') {
      push(o.text, 'none');
      continue;
    }
    const [lead, core, trail] = splitEdges(o.text);
    if (o.op === 'insert') {
      const last = runs[runs.length - 1];
      if (!lead && core && last && (last.mark === 'deleted' || last.mark === 'deleted_bracketed')) push(' ', 'separator');
      push(lead, 'none');
      push(core, 'added');
      push(trail, 'none');
      continue;
    }
    if (!core) continue;
    push(lead, 'none');
    if ([...core].length <= BRACKET_DELETION_MAX_CHARS) push(`[[${core}]]`, 'deleted_bracketed');
    else push(core, 'deleted');
    push(trail, 'none');
  }
  return runs;
}

/** The marked text of a claim amended from `oldText` to `newText`. */
export function markClaimAmendment(oldText: string, newText: string): MarkedRun[] {
  return markAmendment(diffWords(oldText, newText));
}

/** The words an amendment adds, as the claim listing underlines them (separate additions joined by " … "); "" when it only deletes. */
export function addedWords(oldText: string, newText: string): string {
  return markClaimAmendment(stripNumber(oldText), stripNumber(newText))
    .filter((r) => r.mark === 'added')
    .map((r) => r.text.replace(/^[\s,;]+|[\s,;.]+$/g, ''))
    .filter((t) => /[A-Za-z0-9]/.test(t))
    .join(' … ');
}

const stripNumber = (t: string) => t.replace(/^\s*(?:claim\s+)?\d+\s*[.)]\s*/i, '').trim();

/** The clean text a marked claim reads as once the amendment is entered (prompts kept). */
export function cleanText(runs: readonly MarkedRun[]): string {
  return runs
    .filter((r) => r.mark === 'none' || r.mark === 'added' || r.mark === 'prompt' || r.mark === 'placeholder')
    .map((r) => r.text)
    .join('');
}
