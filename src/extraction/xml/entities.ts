/**
 * Named character entities of the USPTO full-text DTDs (the ISO 8879 sets their `ent` files
 * reference, e.g. &lsquo; &mgr; &plusmn;), mapped to characters. The parser never reads a DTD:
 * an entity that is not in this table, whether the document declares it (internal, or external
 * with SYSTEM "file:///..." or a URL) or not, expands to nothing and is reported. So no file or
 * URL is ever loaded (XXE) and no entity expands into others (billion laughs).
 */

/** The five XML entities and the named characters USPTO text uses. */
export const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'",
  // punctuation and spaces (ISOnum, ISOpub)
  nbsp: '\u00a0', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', hairsp: '\u200a', numsp: '\u2007', puncsp: '\u2008',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', lsquor: '\u201a', ldquor: '\u201e', sbquo: '\u201a', bdquo: '\u201e',
  mdash: '\u2014', ndash: '\u2013', dash: '\u2010', hyphen: '\u2010', minus: '\u2212', hellip: '\u2026', bull: '\u2022', middot: '\u00b7', centerdot: '\u00b7',
  prime: '\u2032', Prime: '\u2033', tprime: '\u2034', dagger: '\u2020', Dagger: '\u2021', sect: '\u00a7', para: '\u00b6', excl: '!', num: '#', percnt: '%',
  trade: '\u2122', reg: '\u00ae', copy: '\u00a9', deg: '\u00b0', micro: '\u00b5', ohm: '\u2126', angst: '\u00c5', permil: '\u2030',
  laquo: '\u00ab', raquo: '\u00bb', iexcl: '\u00a1', iquest: '\u00bf', cent: '\u00a2', pound: '\u00a3', yen: '\u00a5', euro: '\u20ac', curren: '\u00a4',
  // superscripts, fractions, arithmetic and relations (ISOnum, ISOtech, ISOamsr)
  sup1: '\u00b9', sup2: '\u00b2', sup3: '\u00b3', frac12: '\u00bd', frac14: '\u00bc', frac34: '\u00be', frac13: '\u2153', frac23: '\u2154', half: '\u00bd',
  plusmn: '\u00b1', mnplus: '\u2213', times: '\u00d7', divide: '\u00f7', equals: '=', ne: '\u2260', le: '\u2264', ge: '\u2265', lE: '\u2266', gE: '\u2267',
  ap: '\u2248', asymp: '\u2248', sim: '\u223c', cong: '\u2245', equiv: '\u2261', prop: '\u221d', infin: '\u221e', radic: '\u221a', sum: '\u2211', prod: '\u220f',
  int: '\u222b', part: '\u2202', nabla: '\u2207', isin: '\u2208', notin: '\u2209', cap: '\u2229', cup: '\u222a', sub: '\u2282', sube: '\u2286', supe: '\u2287',
  and: '\u2227', or: '\u2228', not: '\u00ac', forall: '\u2200', exist: '\u2203', empty: '\u2205', there4: '\u2234', perp: '\u22a5', ang: '\u2220', lowast: '\u2217',
  rarr: '\u2192', larr: '\u2190', uarr: '\u2191', darr: '\u2193', harr: '\u2194', rArr: '\u21d2', lArr: '\u21d0', hArr: '\u21d4', lrarr2: '\u21c6', rlarr2: '\u21c4',
  // Greek: ISOgrk1 (agr ...) and the HTML names (alpha ...)
  agr: '\u03b1', bgr: '\u03b2', ggr: '\u03b3', dgr: '\u03b4', egr: '\u03b5', zgr: '\u03b6', eegr: '\u03b7', thgr: '\u03b8', igr: '\u03b9', kgr: '\u03ba', lgr: '\u03bb',
  mgr: '\u03bc', ngr: '\u03bd', xgr: '\u03be', ogr: '\u03bf', pgr: '\u03c0', rgr: '\u03c1', sgr: '\u03c3', tgr: '\u03c4', ugr: '\u03c5', phgr: '\u03c6', khgr: '\u03c7', psgr: '\u03c8', ohgr: '\u03c9',
  Agr: '\u0391', Bgr: '\u0392', Ggr: '\u0393', Dgr: '\u0394', Egr: '\u0395', THgr: '\u0398', Lgr: '\u039b', Pgr: '\u03a0', Sgr: '\u03a3', PHgr: '\u03a6', PSgr: '\u03a8', OHgr: '\u03a9',
  alpha: '\u03b1', beta: '\u03b2', gamma: '\u03b3', delta: '\u03b4', epsi: '\u03b5', epsilon: '\u03b5', zeta: '\u03b6', eta: '\u03b7', theta: '\u03b8', iota: '\u03b9', kappa: '\u03ba',
  lambda: '\u03bb', mu: '\u03bc', nu: '\u03bd', xi: '\u03be', pi: '\u03c0', rho: '\u03c1', sigma: '\u03c3', tau: '\u03c4', upsilon: '\u03c5', phi: '\u03c6', chi: '\u03c7', psi: '\u03c8', omega: '\u03c9',
  Gamma: '\u0393', Delta: '\u0394', Theta: '\u0398', Lambda: '\u039b', Pi: '\u03a0', Sigma: '\u03a3', Phi: '\u03a6', Psi: '\u03a8', Omega: '\u03a9',
  // Latin letters with diacritics common in names (ISOlat1)
  auml: '\u00e4', ouml: '\u00f6', uuml: '\u00fc', Auml: '\u00c4', Ouml: '\u00d6', Uuml: '\u00dc', szlig: '\u00df', eacute: '\u00e9', egrave: '\u00e8', ecirc: '\u00ea',
  aacute: '\u00e1', agrave: '\u00e0', acirc: '\u00e2', iacute: '\u00ed', oacute: '\u00f3', uacute: '\u00fa', ntilde: '\u00f1', ccedil: '\u00e7', aring: '\u00e5', oslash: '\u00f8',
  Eacute: '\u00c9', Aring: '\u00c5', Oslash: '\u00d8', aelig: '\u00e6', AElig: '\u00c6',
};

/**
 * The table the parser resolves `&name;` through: known names give their character, any other
 * gives '' and is passed to `onUnknown` (a Proxy, because saxes looks names up in a plain object).
 */
export function entityTable(onUnknown: (name: string) => void): Record<string, string> {
  return new Proxy({} as Record<string, string>, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      if (Object.hasOwn(NAMED_ENTITIES, name)) return NAMED_ENTITIES[name];
      onUnknown(name);
      return '';
    },
  });
}
