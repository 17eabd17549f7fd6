/**
 * Issue 11, finding 8 and the review bench: every place the practitioner must fill is visible and
 * counted exactly (page 1's count is the highlighted prompts of the paper, drafting notes aside),
 * and claims that share a ground and an answer are answered once, not in a block per claim.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/domain/office-action/fixtures/corpus.ts';
import { analyzeOfficeAction } from '../../src/domain/office-action/index.ts';
import { draftResponse } from '../../src/documents/build-response.ts';
import { corpusText, draft, inputFor, recordOf } from './support.ts';

/** The text of each yellow-highlighted run (prompts, placeholders and drafting notes). */
async function highlighted(docx: Buffer): Promise<string[]> {
  const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:r>(?:(?!<\/w:r>)[\s\S])*?<w:highlight w:val="yellow"\/>(?:(?!<\/w:r>)[\s\S])*?<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);
}

describe('the placeholder count is the prompts the paper shows', () => {
  // Every action that takes a reply (a Notice of Allowance takes none: refused, finding 7).
  const items = loadCorpus().filter((i) => analyzeOfficeAction(i.text).parsed.kind.kind !== 'notice_of_allowance');
  it.each(items.map((i) => [i.id, i.text]))('corpus %s', async (_id, text) => {
    const record = recordOf(text);
    const group = record.restriction_groups?.[0]?.label;
    const { document, report } = await draftResponse(
      inputFor(record, { accept_incomplete: true, ...(group ? { election: { group, with_traverse: false } } : {}) }),
    );
    const prompts = (await highlighted(document)).filter((t) => !t.startsWith('[Drafting note'));
    expect(prompts.every((t) => t.startsWith('['))).toBe(true);
    // Before: a narrowed claim under 101, 112 or DP counted a prompt the paper never showed (09: 162 for 138).
    expect(report.placeholders).toBe(prompts.length);
  });
});

describe('claims sharing a ground and a correcting amendment are answered once (corpus 09, 112(b))', () => {
  it('one paragraph names the claims; one prompt asks for the amendments', async () => {
    const { doc, placeholders } = await draft(inputFor(recordOf(corpusText('09')), { accept_incomplete: true }));
    expect(doc.text).toContain(
      'Without acquiescing in the rejection, claims 1-3 and 14-31 have been amended to [describe the amendments]. Support for the amendments is found in the application as filed at, e.g., [cite paragraphs and figures]; no new matter is added (35 U.S.C. 132(a)).',
    );
    expect(doc.text).toContain('The amendments resolve the indefiniteness the Office Action identified by [e.g., clarifying the term');
    expect(doc.text).not.toMatch(/claim 15 has been amended to \[describe the amendment\]/);
    const section = doc.text.slice(doc.text.indexOf('III. Rejection of Claims 1-31 under 35 U.S.C. 112(b)'), doc.text.indexOf('\nIV. '));
    expect(section.match(/\[describe the amendment/g)).toHaveLength(1);
    // Was 162 (a prompt block per claim, and prompts counted but never shown).
    expect(placeholders).toBeLessThanOrEqual(80);
  });
});
