/**
 * Where the remarks ask the practitioner to explain a charted limitation, and how many drafted
 * sentences they place instead (issue 18 item 7). The remarks decide this through many rules
 * (strategies, grouped claims, admissions, grounds answered by the practitioner's own text), so
 * rather than repeat those rules, the places are recorded as the remarks are built: the worker
 * builds the remarks once to learn which limitations to ask a model about, and page 1 counts the
 * drafted sentences the paper actually holds. Paragraphs are built synchronously, so one
 * recording at a time per thread suffices (as with countPlaceholders).
 */
export interface ChartPromptSite {
  claim_number: number;
  /** Index of the limitation in that claim's chart (`PaperChartClaim.limitations`). */
  limitation: number;
  family: '102' | '103';
  /** The reference as the paper names it ("Laroia"). */
  reference: string;
  /** The passages the examiner's citations of this ground's references resolve to (distinct labels, in order). */
  passages: Array<{ label: string; text: string }>;
  /** The examiner's pinpoints as written. */
  pinpoints: string[];
}

let recording: { prompted: ChartPromptSite[]; drafted: number } | null = null;

export function recordChartSites<T>(build: () => T): { value: T; prompted: ChartPromptSite[]; drafted: number } {
  const outer = recording;
  const mine = { prompted: [] as ChartPromptSite[], drafted: 0 };
  recording = mine;
  try {
    return { value: build(), ...mine };
  } finally {
    recording = outer;
  }
}

export function notePromptSite(site: ChartPromptSite): void {
  recording?.prompted.push(site);
}

export function noteDraftedSentences(n: number): void {
  if (recording) recording.drafted += n;
}
