import { describe, expect, it } from 'vitest';
import { tagOf } from './ScanTag.tsx';

describe('the tag a scanned label holds', () => {
  it("is the last part of the label's address, or the text itself", () => {
    expect(tagOf('https://orders.example.com/assets/tag/SOD-FRZ-01')).toBe('SOD-FRZ-01');
    expect(tagOf('https://orders.example.com/assets/tag/SOD-FRZ-01?x=1')).toBe('SOD-FRZ-01');
    expect(tagOf('http://localhost:3000/assets/tag/A%2E1')).toBe('A.1');
    expect(tagOf('  sod-frz-01 ')).toBe('sod-frz-01');
  });
});
