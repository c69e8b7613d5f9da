import { describe, expect, it } from 'vitest';
import { approvalCategory } from './decide-candidate.ts';

describe('approval category', () => {
  it('files the candidate under its first suggestion', () => {
    expect(approvalCategory({ category_suggestions: ['laser_cutting', 'materials'] })).toBe('laser_cutting');
  });

  it("falls back to 'unknown' without a suggestion the catalogue knows", () => {
    expect(approvalCategory({ category_suggestions: [] })).toBe('unknown');
    expect(approvalCategory({ category_suggestions: ['woodworking'] })).toBe('unknown');
  });
});
