// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatAmount } from '@/lib/money';
import { formatBytes, formatDecimal, formatScore } from '@/team/format';

describe('one decimal comma on the team pages', () => {
  it.each<[number | null, string]>([
    [3.5, '3,5'],
    [4, '4'],
    [4.3333, '4,33'],
    [1.5, '1,5'],
    [0, '0'],
    [null, '—'],
  ])('writes the score or spread %s as %s', (value, shown) => {
    expect(formatScore(value)).toBe(shown);
  });

  it('writes an average with exactly one decimal, and sizes, as money does: a comma before the decimals', () => {
    expect(formatDecimal(4.25, { min: 1, max: 1 })).toBe('4,3');
    expect(formatDecimal(5, { min: 1, max: 1 })).toBe('5,0');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatAmount(150050n, 'USD')).toBe('USD 1.500,50');
    for (const shown of [formatScore(3.5), formatDecimal(4.25, { min: 1, max: 1 }), formatBytes(1.5 * 1024 * 1024)]) expect(shown).not.toContain('.');
  });
});
