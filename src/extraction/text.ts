/** The text every reader hands back, in one form: LF line ends, no NULs, at most two blank lines in a row. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\u0000/g, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Plain text with the character references of USPTO full text undone ("1&lt;k&lt;N" → "1<k<N"):
 * the Office's text downloads keep the XML escapes, and a passage quoted into a paper must read as
 * the reference prints it. Only for text files and pasted text; XML is decoded by its parser.
 */
export function decodeCharacterReferences(text: string): string {
  return text.replace(
    /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi,
    (m, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
      if (name) return NAMED[name.toLowerCase()];
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m;
    },
  );
}
