import { describe, expect, it } from 'vitest';
import { budgetStopNote, DISCOVERY_BUDGETS, parseBudgetStopNote } from './discovery-budget.ts';

describe('a budget stop note', () => {
  it('reads back what it wrote, for every budget', () => {
    for (const budget of DISCOVERY_BUDGETS) {
      const note = budgetStopNote({ budget, limit: 120_000 });
      expect(parseBudgetStopNote(note)).toEqual({ budget, limit: 120_000 });
    }
    expect(budgetStopNote({ budget: 'time', limit: 3000 })).toBe('budget_stop:time:3000');
  });

  it('is not found in the worker’s other warnings', () => {
    for (const warning of [
      'Sitemap https://a.mx/s.xml could not be read: HTTP 404',
      'budget_stop:time:',
      'budget_stop:money:10',
      ' budget_stop:time:10',
      'budget_stop:time:10 and more',
    ]) {
      expect(parseBudgetStopNote(warning), warning).toBeNull();
    }
  });
});
