/**
 * Builds every kind of document from the test fixtures and converts each to PDF with LibreOffice,
 * to prove they open and lay out in a second word processor. CI runs it where
 * libreoffice-writer-nogui is installed; it exits non-zero when soffice is missing or any
 * conversion fails.
 *
 *   node test/documents/convert-with-libreoffice.ts [--out DIR] [--png]
 *
 * --out keeps the .docx and .pdf files in DIR (default: a temporary directory, removed after);
 * --png also renders each PDF page to PNG at 60 dpi with pdftoppm (poppler-utils), for a look.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDrawingSheet } from '../../src/documents/build-drawing-sheet.ts';
import { buildExtensionPetition } from '../../src/documents/build-extension-petition.ts';
import { buildIds } from '../../src/documents/build-ids.ts';
import { buildInterviewRequest } from '../../src/documents/build-interview-request.ts';
import { buildResponseToOfficeAction } from '../../src/documents/build-response.ts';
import { blockDrawing, extension, flowDrawing, ids, interview } from '../fixtures/documents/form-samples.ts';
import { finalRejection, nonFinal, nonFinalWithoutText, restriction } from '../fixtures/documents/response-samples.ts';
import { buildRceTransmittal } from '../../src/documents/build-rce-transmittal.ts';
import { buildNoticeOfAppeal } from '../../src/documents/build-notice-of-appeal.ts';
import { buildPreAppealRequest } from '../../src/documents/build-pre-appeal-request.ts';
import { buildTerminalDisclaimer } from '../../src/documents/build-terminal-disclaimer.ts';
import { buildIssueFeeTransmittal } from '../../src/documents/build-issue-fee-transmittal.ts';
import { buildClientReport } from '../../src/documents/build-client-report.ts';
import { buildClaimChart } from '../../src/documents/build-claim-chart.ts';
import { claimChartDocument, responseWithFile } from '../fixtures/documents/file-samples.ts';
import {
  clientReport,
  idsUntranslated,
  issueFeeTransmittal,
  noticeOfAppeal,
  preAppealRequest,
  rceTransmittal,
  replacementSheet,
  terminalDisclaimer,
} from '../fixtures/documents/more-form-samples.ts';

const DOCUMENTS: Record<string, () => Promise<Buffer>> = {
  'response-non-final': () => buildResponseToOfficeAction(nonFinal),
  'response-no-claim-text': () => buildResponseToOfficeAction(nonFinalWithoutText),
  'response-final': () => buildResponseToOfficeAction(finalRejection),
  'response-restriction': () => buildResponseToOfficeAction(restriction),
  ids: () => buildIds(ids),
  'extension-petition': () => buildExtensionPetition(extension),
  'interview-request': () => buildInterviewRequest(interview),
  'drawing-block': () => buildDrawingSheet(blockDrawing),
  'drawing-flow': () => buildDrawingSheet(flowDrawing),
  'drawing-replacement-sheet': () => buildDrawingSheet(replacementSheet),
  'ids-untranslated-fee': () => buildIds(idsUntranslated),
  'rce-transmittal': () => buildRceTransmittal(rceTransmittal),
  'notice-of-appeal': () => buildNoticeOfAppeal(noticeOfAppeal),
  'pre-appeal-request': () => buildPreAppealRequest(preAppealRequest),
  'terminal-disclaimer': () => buildTerminalDisclaimer(terminalDisclaimer),
  'issue-fee-transmittal': () => buildIssueFeeTransmittal(issueFeeTransmittal),
  'client-report': () => buildClientReport(clientReport),
  'response-with-file': () => buildResponseToOfficeAction(responseWithFile),
  'claim-chart': () => buildClaimChart(claimChartDocument),
};

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((d) => {
      try {
        accessSync(join(d, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (!onPath('soffice')) {
    console.error(
      'LibreOffice (soffice) is not on PATH. Install it with:\n  apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-liberation2',
    );
    return 1;
  }
  const outIndex = args.indexOf('--out');
  const keep = outIndex >= 0;
  const dir = keep ? args[outIndex + 1] : mkdtempSync(join(tmpdir(), 'prosa-docs-'));
  if (!dir) {
    console.error('--out needs a directory');
    return 2;
  }
  mkdirSync(dir, { recursive: true });
  // A profile of our own, so a desktop LibreOffice or a parallel run cannot lock it.
  const profile = mkdtempSync(join(tmpdir(), 'prosa-lo-profile-'));
  let failures = 0;
  try {
    for (const [name, build] of Object.entries(DOCUMENTS)) {
      const docx = join(dir, `${name}.docx`);
      const pdf = join(dir, `${name}.pdf`);
      writeFileSync(docx, await build());
      const started = Date.now();
      const r = spawnSync('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, docx], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      const ok = r.status === 0 && existsSync(pdf) && readFileSync(pdf).subarray(0, 5).toString('latin1') === '%PDF-';
      if (!ok) {
        failures++;
        console.error(`FAIL ${name}: exit ${r.status}${r.error ? ` (${r.error.message})` : ''}\n${r.stdout}${r.stderr}`);
        continue;
      }
      console.log(`ok   ${name}: ${pdfPages(readFileSync(pdf))} page(s), ${Date.now() - started} ms`);
      if (args.includes('--png')) {
        if (!onPath('pdftoppm')) {
          console.error('pdftoppm is not on PATH (apt-get install -y poppler-utils)');
          failures++;
        } else if (spawnSync('pdftoppm', ['-png', '-r', '60', pdf, join(dir, name)]).status !== 0) {
          console.error(`FAIL ${name}: pdftoppm`);
          failures++;
        }
      }
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures ? `${failures} conversion(s) failed` : `all ${Object.keys(DOCUMENTS).length} documents converted`);
  return failures ? 1 : 0;
}

process.exitCode = await main();
