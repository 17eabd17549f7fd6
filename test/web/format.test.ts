import { describe, expect, test } from 'vitest';
import { fmtBalance, fmtCredits } from '../../web/src/ui/format.ts';
import { formatCredits2, parseCredits } from '../../src/domain/money.ts';

// Issue 10: the balance is shown with two decimals everywhere, the same figure on every surface.
describe('web balance formatting', () => {
  test('two decimals, rounded down like X-Credit-Balance', () => {
    expect(fmtBalance('24.22595')).toBe('24.22');
    expect(fmtBalance('25.00')).toBe('25.00');
    expect(fmtBalance('1234.999999')).toBe('1,234.99');
    expect(fmtBalance('-6.00')).toBe('-6.00');
    expect(fmtBalance('-0.001')).toBe('-0.01');
    expect(fmtBalance(null)).toBe('—');
    expect(fmtCredits('9')).toBe('9.00');
  });

  test('agrees with the server formatter on every amount', () => {
    for (const s of ['0.00', '0.009999', '15.22595', '-6.77405', '99999.995', '-0.5', '110.00']) {
      expect(fmtBalance(s).replace(/,/g, ''), s).toBe(formatCredits2(parseCredits(s)!));
    }
  });
});
