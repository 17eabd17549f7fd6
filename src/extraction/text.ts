/** The text every reader hands back, in one form: LF line ends, no NULs, at most two blank lines in a row. */
export function normaliseText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\u0000/g, '').replace(/\n{4,}/g, '\n\n\n').trim();
}
