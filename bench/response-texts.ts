/**
 * Writes every corpus action's drafted response (as HTML with underline and strike kept) under six
 * strategy choices (the analysis' recommendations, then every claim argue_distinction,
 * argue_unexpected_results, terminal_disclaimer, amend_narrow, cancel), one file each, so a
 * refactoring of the builders can be proved output-neutral with `diff -r` between two checkouts:
 *
 *   node bench/response-texts.ts /path/to/checkout-before /tmp/before
 *   node bench/response-texts.ts /path/to/checkout-after /tmp/after
 *   diff -r /tmp/before /tmp/after
 *
 * A choice the builder refuses is written as "ERROR <message>".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
const root = process.argv[2];
const out = process.argv[3];
if (!root || !out) throw new Error('usage: node bench/response-texts.ts <checkout> <output directory>');
mkdirSync(out, { recursive: true });
const { analyzeOfficeAction } = await import(`${root}/src/domain/office-action/index.ts`);
const { loadCorpus } = await import(`${root}/src/domain/office-action/fixtures/corpus.ts`);
const { presentAnalysis } = await import(`${root}/src/presenters/analysis.ts`);
const { responseInputOf } = await import(`${root}/src/commands/draft-requests/inputs/response-input.ts`);
const { draftResponse } = await import(`${root}/src/documents/build-response.ts`);
const mammoth = (await import(`${root}/node_modules/mammoth/lib/index.js`)).default;
const caption = { application_number: '16123456', filing_date: '2019-05-01', title: 'CORPUS ACTION', examiner_name: 'EXAMINER, PAT', art_unit: '2400' };
for (const item of loadCorpus()) {
  const analysis = analyzeOfficeAction(item.text);
  if (analysis.parsed.kind.kind === 'notice_of_allowance') continue;
  const record = JSON.parse(
    JSON.stringify(
      presentAnalysis(
        { analysis, elapsedSeconds: 0, text: item.text },
        {
          analysisId: 'bench',
          applicationNumber: '16123456',
          requestedType: 'CTNF',
          createdAt: new Date(0),
          examinerIntel: { requested: false, examiner_name: null, stats: null },
          billing: { input_tokens: 0, output_tokens: 0, token_source: 'tokenizer', cost: '0.00' },
        },
      ),
    ),
  );
  const group = record.restriction_groups?.[0]?.label;
  for (const variant of ['default', 'argue', 'argue_unexpected_results', 'terminal_disclaimer', 'amend_narrow', 'cancel']) {
    const strategy_selections =
      variant !== 'default'
        ? Object.fromEntries(record.claim_analyses.map((c: any) => [`claim_${c.claim_number}`, variant === 'argue' ? 'argue_distinction' : variant]))
        : {};
    const input = responseInputOf(
      record,
      {
        application_number: '16123456',
        analysis_id: 'bench',
        strategy_selections,
        response_date: '2026-02-01',
        office_action_date: '2026-01-05',
        ...(group ? { election: { group, with_traverse: false } } : {}),
        accept_incomplete: true,
      },
      caption,
    );
    let document: Awaited<ReturnType<typeof draftResponse>>['document'];
    try {
      ({ document } = await draftResponse(input));
    } catch (e) {
      writeFileSync(`${out}/${item.id}-${variant}.html`, `ERROR ${(e as Error).message}`);
      continue;
    }
    const html = (await mammoth.convertToHtml({ buffer: document }, { styleMap: ['u => u', 'strike => s'] })).value;
    writeFileSync(`${out}/${item.id}-${variant}.html`, html.replace(/></g, '>\n<'));
  }
}
console.log('done');
