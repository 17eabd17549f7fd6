/**
 * US application numbers: a 2-digit series code and a 6-digit serial, stored as 8 digits
 * (MPEP 503). The interface strips slashes, commas and spaces before use, so `17200011`,
 * `17/200,011` and `17 200 011` name the same application.
 */
export type ApplicationNumber = string & { readonly __brand: 'ApplicationNumber' };

const SEPARATORS = /[\s/,.\-\u2010-\u2015]/g;

/** The normalized 8-digit number, or null when the input cannot be one. */
export function normalizeApplicationNumber(input: string): ApplicationNumber | null {
  let s = input.normalize('NFKC').trim().replace(SEPARATORS, '');
  if (/^US/i.test(s)) s = s.slice(2);
  if (!/^\d{8}$/.test(s)) return null;
  return s as ApplicationNumber;
}

/** Display form used by practitioners: 17/200,011. */
export function formatApplicationNumber(n: string): string {
  if (!/^\d{8}$/.test(n)) return n;
  return `${n.slice(0, 2)}/${n.slice(2, 5)},${n.slice(5)}`;
}

/**
 * The digits to look for when a search box holds an application number in any written form,
 * whole or begun: `17/200,011`, `17200011`, `17-200011`, `US17/200,011`, `17/200`. Null when the
 * text is not a number (a title or client-matter is searched as text).
 */
export function applicationNumberSearchDigits(query: string): string | null {
  let s = query.normalize('NFKC').trim();
  if (/^US/i.test(s)) s = s.slice(2).trim();
  if (!/^[\d\s/,.\-\u2010-\u2015]+$/.test(s)) return null;
  const digits = s.replace(/\D/g, '');
  return digits.length >= 2 ? digits : null;
}
