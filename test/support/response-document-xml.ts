// Prints, as JSON, word/document.xml of the response samples (test/fixtures/documents), built by
// whichever docx layout module this process loads (test/support/docx-layout-from.ts): the patch
// test compares the library with and without this project's patch.
import JSZip from 'jszip';
import { buildResponseToOfficeAction } from '../../src/documents/build-response.ts';
import { finalRejection, nonFinal, nonFinalWithoutText, restriction } from '../fixtures/documents/response-samples.ts';

const out: Record<string, string> = {};
for (const [name, input] of Object.entries({ nonFinal, nonFinalWithoutText, finalRejection, restriction })) {
  const zip = await JSZip.loadAsync(await buildResponseToOfficeAction(input));
  out[name] = await zip.file('word/document.xml')!.async('string');
}
process.stdout.write(JSON.stringify(out));
