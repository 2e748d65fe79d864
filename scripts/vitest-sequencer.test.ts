import { describe, expect, it } from 'vitest';
import { usualSeconds } from './vitest-sequencer.ts';

describe('the test files’ usual seconds', () => {
  it('reads one figure, or one per engine, from the head', () => {
    expect(usualSeconds('// Test run: about 45 s (why)\nimport x;', false)).toBe(45);
    expect(usualSeconds('// Test run: about 45 s (why)\nimport x;', true)).toBe(45);
    const both = '// a head\n// Test run: about 5 s on SQLite, 63 s on PostgreSQL (why)\n';
    expect(usualSeconds(both, false)).toBe(5);
    expect(usualSeconds(both, true)).toBe(63);
    expect(usualSeconds('import x; // Test run: about 9 s', false)).toBe(0);
    expect(usualSeconds('// nothing said', true)).toBe(0);
  });
});
