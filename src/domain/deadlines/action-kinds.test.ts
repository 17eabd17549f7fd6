import { describe, expect, it } from 'vitest';
import { ACTION_KINDS, parseActionKind } from './index.ts';

describe('parseActionKind', () => {
  it('accepts every kind name, case-insensitive', () => {
    for (const k of ACTION_KINDS) {
      expect(parseActionKind(k)).toBe(k);
      expect(parseActionKind(k.toUpperCase())).toBe(k);
      expect(parseActionKind(`  ${k} `)).toBe(k);
    }
  });

  it('maps the interface codes (spec "Office action type codes")', () => {
    expect(parseActionKind('CTNF')).toBe('non_final');
    expect(parseActionKind('ctfr')).toBe('final');
    expect(parseActionKind('CTED')).toBe('restriction');
    expect(parseActionKind('Ctrs')).toBe('requirement_for_information'); // not restriction: that is the USPTO's meaning
  });

  it('does not accept USPTO document codes or anything else', () => {
    for (const s of ['CTEQ', 'NOA', 'MCTNF', 'non-final', 'nonfinal', '', 'constructor', '__proto__', 'toString']) {
      expect(parseActionKind(s)).toBeNull();
    }
  });
});
