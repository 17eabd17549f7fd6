/**
 * The response's index ("... begins on page N of this paper") is laid out only as far as its last
 * page reference (src/documents/docx/page-references.ts). These tests build responses of every
 * shape and check, on the very body the paper is written from, that the cut layout gives the
 * same pages as laying out the whole paper (docx/layout's estimatePageNumbers), and that the
 * cut leaves the remarks out; then the cut itself on small bodies.
 */
import {
  Bookmark,
  Document,
  Packer,
  PageReference,
  Paragraph,
  TableOfContents,
  TextRun,
  type EstimatedPageNumbers,
  type IContext,
  type IXmlableObject,
} from 'docx';
import { estimatePageNumbers } from 'docx/layout';
import { describe, expect, it, vi } from 'vitest';
import { buildResponseToOfficeAction } from '../../src/documents/build-response.ts';
import type { ResponseDraftInput } from '../../src/documents/types.ts';
import { cutAfterLastReference, estimateThroughLastReference } from '../../src/documents/docx/page-references.ts';
import { claimsText, finalRejection, nonFinal, nonFinalWithoutText, restriction } from '../fixtures/documents/response-samples.ts';
import { corpusText, inputFor, recordOf } from '../responses/support.ts';
import { openDocx } from './support/open-docx.ts';

interface Compared {
  cut: EstimatedPageNumbers;
  whole: EstimatedPageNumbers;
  keptBlocks: number;
  allBlocks: number;
}

const compared: Compared[] = [];

// Every estimate the paper asks for is also worked out over the whole body, to compare.
vi.mock('../../src/documents/docx/page-references.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/documents/docx/page-references.ts')>();
  const { estimatePageNumbers: whole } = await import('docx/layout');
  const spy = Object.assign(
    (body: IXmlableObject, context: IContext) => {
      const cut = original.estimateThroughLastReference(body, context);
      const kept = original.cutAfterLastReference(body);
      compared.push({ cut, whole: whole(body, context), keptBlocks: (kept ?? body)['w:body'].length, allBlocks: body['w:body'].length });
      return cut;
    },
    { listNumbers: original.estimateThroughLastReference.listNumbers },
  );
  return { ...original, estimateThroughLastReference: spy };
});

async function buildAndCompare(input: ResponseDraftInput): Promise<{ text: string; footers: string; result: Compared }> {
  compared.length = 0;
  const doc = await openDocx(await buildResponseToOfficeAction(input));
  expect(compared).toHaveLength(1);
  return { text: doc.text, footers: await doc.headersAndFooters(), result: compared[0] };
}

function expectSamePages({ cut, whole }: Compared): void {
  expect(whole.bookmarks.size).toBeGreaterThan(0);
  expect(cut.bookmarks).toEqual(whole.bookmarks);
  expect(cut.bookmarkPageNumbers).toEqual(whole.bookmarkPageNumbers);
  expect(cut.relativePositions).toEqual(whole.relativePositions);
}

/** "begins on page N" / "begin on page N", by section, as the paper states them. */
function statedPages(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/Amendments to the (Specification|Claims|Drawings)[^.]*? begins? on page (\d+)/g)) out[m[1]] = Number(m[2]);
  const remarks = /Remarks begin on page (\d+)/.exec(text);
  if (remarks) out.Remarks = Number(remarks[1]);
  return out;
}

const longClaims: Record<number, string> = Object.fromEntries(
  Object.entries(claimsText).map(([n, t]) => [
    n,
    `${t} ${'wherein the detector is further configured to sample the ambient light at a rate selected by the controller, '.repeat(12)}`.trim(),
  ]),
);

describe('page references laid out only as far as the last one', () => {
  it.each([
    ['non-final, claim texts', nonFinal],
    ['non-final, no claim texts', nonFinalWithoutText],
    ['final rejection', finalRejection],
    ['long claims: the listing runs over several pages', { ...nonFinal, claims_text: longClaims }],
    [
      'a page 1 that runs over (many drafting notes)',
      {
        ...nonFinal,
        drafting_notes: Array.from(
          { length: 14 },
          (_, i) =>
            `Drafting note ${i + 1}: confirm with the client that the amendment to claim ${i + 1} keeps the support in paragraph [00${i + 10}] of the specification as filed.`,
        ),
      },
    ],
  ] as [string, ResponseDraftInput][])('%s: the same pages as the whole paper, without laying out the remarks', async (_, input) => {
    const { text, footers, result } = await buildAndCompare(input);
    expectSamePages(result);
    expect(result.keptBlocks).toBeLessThan(result.allBlocks);
    const stated = statedPages(text);
    expect(stated).toEqual({ Claims: Number(result.whole.bookmarks.get('prosa_claims')), Remarks: Number(result.whole.bookmarks.get('prosa_remarks')) });
    expect(stated.Remarks).toBeGreaterThan(stated.Claims);
    // The page count is left to the word processor: the footer's NUMPAGES field has no written result.
    expect(footers).toMatch(/NUMPAGES/);
    expect(result.cut.pageCount).toBeUndefined();
  });

  it('the long listing and the long page 1 move the sections to later pages', async () => {
    const plain = statedPages((await buildAndCompare(nonFinal)).text);
    const long = statedPages((await buildAndCompare({ ...nonFinal, claims_text: longClaims })).text);
    expect(long.Claims).toBe(plain.Claims);
    expect(long.Remarks).toBeGreaterThan(plain.Remarks + 1);
  });

  it('specification, claims and drawings sections (corpus 04 with objections): the same pages as the whole paper', async () => {
    const text = corpusText('04');
    const at = text.indexOf('Allowable Subject Matter');
    const withObjections = `${text.slice(0, at)}Drawings\nThe drawings are objected to under 37 CFR 1.83(a) because they fail to show the flange as described in the specification.\n\nThe abstract of the disclosure is objected to because it exceeds 150 words. Correction is required. See MPEP § 608.01(b).\n\n${text.slice(at)}`;
    const { text: paper, result } = await buildAndCompare(inputFor(recordOf(withObjections), { strategy_selections: { claim_1: 'amend_narrow' } }));
    expectSamePages(result);
    expect(result.whole.bookmarks.has('prosa_drawings')).toBe(true);
    expect(statedPages(paper).Drawings).toBe(Number(result.whole.bookmarks.get('prosa_drawings')));
  });

  it('a paper without page references (a restriction reply amends nothing) is not laid out', async () => {
    compared.length = 0;
    const doc = await openDocx(await buildResponseToOfficeAction(restriction));
    expect(doc.text).not.toContain('begin on page');
    expect(compared.length === 0 || compared.every((c) => c.keptBlocks === c.allBlocks)).toBe(true);
  });
});

/** The body docx formats for a document, as an estimator receives it. */
async function formatted(children: (Paragraph | TableOfContents)[], sections = 1): Promise<{ body: IXmlableObject; context: IContext }> {
  let captured: { body: IXmlableObject; context: IContext } | undefined;
  const capture = Object.assign((body: IXmlableObject, context: IContext) => {
    captured = { body, context };
    return estimatePageNumbers(body, context);
  }, {});
  const perSection = Math.ceil(children.length / sections);
  await Packer.toBuffer(
    new Document({
      pageNumbers: capture,
      sections: Array.from({ length: sections }, (_, i) => ({ children: children.slice(i * perSection, (i + 1) * perSection) })),
    }),
  );
  return captured!;
}

const bodyOf = async (children: (Paragraph | TableOfContents)[], sections = 1) => (await formatted(children, sections)).body;

const heading = (name: string) => new Paragraph({ pageBreakBefore: true, children: [new Bookmark({ id: name, children: [new TextRun(name)] })] });
const reference = (name: string) => new Paragraph({ children: [new TextRun('See page '), new PageReference(name)] });
const filler = (n: number) => Array.from({ length: n }, (_, i) => new Paragraph(`Paragraph ${i + 1} of the text that follows.`));

describe('cutAfterLastReference', () => {
  it('keeps the blocks up to the last referenced bookmark and the section properties', async () => {
    const body = await bodyOf([reference('a'), reference('b'), heading('a'), ...filler(3), heading('b'), ...filler(5)]);
    const cut = cutAfterLastReference(body)!;
    // Two references, heading a, three paragraphs, heading b, then the section properties.
    expect(body['w:body']).toHaveLength(13);
    expect(cut['w:body']).toHaveLength(8);
    expect(cut['w:body'][7]).toBe(body['w:body'].at(-1));
    expect('w:sectPr' in cut['w:body'][7]).toBe(true);
  });

  it('keeps a reference that comes after its bookmark', async () => {
    const body = await bodyOf([heading('a'), ...filler(2), reference('a'), ...filler(4)]);
    expect(cutAfterLastReference(body)!['w:body']).toHaveLength(5);
  });

  it('cuts nothing without page references, with a table of contents, after a section break, or when nothing follows', async () => {
    expect(cutAfterLastReference(await bodyOf([heading('a'), ...filler(3)]))).toBeUndefined();
    expect(
      cutAfterLastReference(
        await bodyOf([new TableOfContents('Contents', { hyperlink: true, headingStyleRange: '1-1' }), reference('a'), heading('a'), ...filler(3)]),
      ),
    ).toBeUndefined();
    expect(cutAfterLastReference(await bodyOf([reference('a'), heading('a'), ...filler(2), heading('x'), ...filler(2)], 2))).toBeUndefined();
    expect(cutAfterLastReference(await bodyOf([...filler(2), reference('a'), heading('a')]))).toBeUndefined();
  });

  it('cuts nothing when a referenced bookmark is not in the body', async () => {
    expect(cutAfterLastReference(await bodyOf([reference('missing'), ...filler(3)]))).toBeUndefined();
  });

  it('gives the pages of the whole document for bookmarks, without its page count', async () => {
    const { body, context } = await formatted([reference('a'), reference('b'), ...filler(60), heading('a'), ...filler(80), heading('b'), ...filler(120)]);
    const whole = estimatePageNumbers(body, context);
    const cut = estimateThroughLastReference(body, context);
    expect(cut.bookmarks).toEqual(whole.bookmarks);
    expect(Number(whole.bookmarks.get('b'))).toBeGreaterThan(3);
    expect(whole.pageCount).toBeGreaterThan(Number(whole.bookmarks.get('b')));
    expect(cut.pageCount).toBeUndefined();
  });
});
