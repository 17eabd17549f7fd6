/**
 * Issue 11, finding 1, drawings: the corpus has no objection to the drawings, so corpus 04 is given
 * one (the examiner's form paragraph 6.22 wording) and the reply must answer it in its own section
 * (37 CFR 1.111(b)): "Amendments to the Drawings" with replacement sheets labelled per 1.121(d), and
 * an objection section quoting the examiner.
 */
import { describe, expect, it } from 'vitest';
import { corpusText, draft, inputFor, recordOf } from './support.ts';

const OBJECTION =
  'The drawings are objected to under 37 CFR 1.83(a) because they fail to show the flange as described in the specification. Corrected drawing sheets in compliance with 37 CFR 1.121(d) are required in reply to the Office action to avoid abandonment of the application.';

function withDrawingsObjection(): string {
  const text = corpusText('04');
  const at = text.indexOf('Allowable Subject Matter');
  return `${text.slice(0, at)}Drawings\n${OBJECTION}\n\n${text.slice(at)}`;
}

describe('an objection to the drawings is answered (corpus 04 with a drawings objection)', () => {
  const record = recordOf(withDrawingsObjection());

  it('the analysis lists it as a ground of its own', () => {
    expect(record.grounds!.map((g) => `${g.id}:${g.kind}:${g.target ?? ''}`)).toEqual([
      'r1-103:rejection:',
      'o1-drawings:document_objection:drawings',
      'o2-claims:claim_objection:claims',
    ]);
  });

  it('the paper has Amendments to the Drawings (Replacement Sheet / New Sheet, 1.121(d)) and answers the objection quoting the examiner', async () => {
    const { doc, outline } = await draft(inputFor(record));
    expect(outline.completeness.complete).toBe(true);
    expect(outline.completeness.grounds.find((g) => g.ground_id === 'o1-drawings')?.section).toBe('Objection to the Drawings');
    expect(doc.text).toContain('Amendments to the Drawings begin on page');
    expect(doc.text).toMatch(
      /Amendments to the Drawings\n+The attached sheet\(s\) of drawings include changes to \[Fig\(s\)\. affected\]\. Each attached replacement sheet, labelled “Replacement Sheet” in its top margin, replaces the original sheet including those figures; any added sheet is labelled “New Sheet” \(37 C\.F\.R\. § 1\.121\(d\)\)\./,
    );
    expect(doc.text).toMatch(
      /Objection to the Drawings\n+The Office Action states:\n+“The drawings are objected to under 37 CFR 1\.83\(a\) because they fail to show the flange as described in the specification\.”/,
    );
    expect(doc.text).toContain(
      'Replacement drawing sheets are submitted herewith under 37 C.F.R. § 1.121(d), which [state how the replacement sheets answer the objection].',
    );
  });
});
