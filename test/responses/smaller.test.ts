/** Issue 11, finding 9 and smaller points: nominal dates, the examiner's name, the agenda row for 112(b). */
import { describe, expect, it } from 'vitest';
import { buildExtensionPetition } from '../../src/documents/build-extension-petition.ts';
import { buildInterviewRequest } from '../../src/documents/build-interview-request.ts';
import { examinerFirstLast } from '../../src/documents/caption.ts';
import { openDocx } from '../documents/support/open-docx.ts';
import { buildDrawingSheet } from '../../src/documents/build-drawing-sheet.ts';
import { DocumentInputError } from '../../src/documents/validate.ts';
import type { DrawingSheetLabel } from '../../src/documents/types.ts';
import { blockDrawing, extension, interview } from '../fixtures/documents/form-samples.ts';

describe("extension petitions and forms state the engine's dates", () => {
  it('the extension petition states the nominal extended date; the rolled date is in a note (35 U.S.C. 21(b))', async () => {
    // Mailed 2026-03-02: three months 2026-06-02; two months' extension ends Sunday 2026-08-02, rolled to Monday 08-03.
    const doc = await openDocx(
      await buildExtensionPetition({
        ...extension,
        period: { reply_due: '2026-06-02', extended_due: '2026-08-02', reply_due_effective: '2026-06-02', extended_due_effective: '2026-08-03' },
      }),
    );
    expect(doc.text).toContain('extending the period for reply from June 2, 2026 to August 2, 2026.');
    // The day named as the deadline engine's calendar gives it (issue 19 C3), not "a Saturday, Sunday or Federal holiday".
    expect(doc.text).toContain(
      'The extended period ends on Sunday, August 2, 2026. August 2, 2026 is a Sunday, so a reply filed on Monday, August 3, 2026, the next succeeding business day, is timely (35 U.S.C. 21(b); 37 C.F.R. § 1.7(a)).',
    );
  });

  it('a drawing sheet filed later carries "Replacement Sheet" / "New Sheet" in its top margin (37 CFR 1.121(d)); an original sheet none', async () => {
    const labels: [DrawingSheetLabel, string][] = [
      ['replacement', 'Replacement Sheet'],
      ['new', 'New Sheet'],
      ['annotated', 'Annotated Sheet Showing Changes'],
    ];
    for (const [label, text] of labels) {
      const doc = await openDocx(await buildDrawingSheet({ ...blockDrawing, sheet_label: label }));
      const header = await doc.headersAndFooters();
      expect(header).toContain(text);
      // In the header (the top margin), not in the sight.
      expect(doc.text).not.toContain(text);
    }
    const original = await openDocx(await buildDrawingSheet(blockDrawing));
    expect(await original.headersAndFooters()).not.toMatch(/Replacement Sheet|New Sheet/);
    await expect(buildDrawingSheet({ ...blockDrawing, sheet_label: 'revised' as DrawingSheetLabel })).rejects.toThrow(DocumentInputError);
  });

  it('the caption names the examiner first name first', () => {
    expect(examinerFirstLast('REBMANN, JOHN T')).toBe('John T. Rebmann');
    expect(examinerFirstLast("O'BRIEN, TRACY MAE")).toBe("Tracy Mae O'Brien");
    expect(examinerFirstLast('Jane Smith')).toBe('Jane Smith');
  });
});

describe('the interview agenda fits the ground', () => {
  it('a 112(b) row does not say "argue that the applied art does not teach"', async () => {
    const claims = [
      { claim_number: 1, status: 'rejected' as const, basis: '112(b)', prior_art: [], recommendation: 'argue_distinction' as const, depends_on: null },
    ];
    const doc = await openDocx(await buildInterviewRequest({ ...interview, claims, strategy: {} }));
    expect(doc.text).not.toMatch(/applied art does not teach/);
    expect(doc.text).toMatch(/read in light of the specification, is definite \(MPEP 2173\.02\)/);
  });
});
