// A module hook for bench/docx-build.ts and test/documents/docx-layout-patch.test.ts: `node --import ./test/support/docx-layout-from.ts ...`
// with DOCX_LAYOUT_FILE set loads docx's layout module from that file instead of node_modules
// (the library without this project's patch, patches/README.md), so both are measured in one run.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

if (process.env.DOCX_LAYOUT_FILE) {
  const target = pathToFileURL(process.env.DOCX_LAYOUT_FILE).href;
  const hooks = `export async function resolve(specifier, context, next) {
    return specifier === 'docx/layout' ? { url: ${JSON.stringify(target)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
}
