import { describe, expect, it } from 'vitest';
import { domainOf, frequencyChoices, frequencyDays, priorityTone } from './target-display.ts';

describe('priority tone', () => {
  it.each([
    [10, 'danger'],
    [8, 'danger'],
    [7, 'warning'],
    [5, 'warning'],
    [4, 'neutral'],
    [1, 'neutral'],
  ])('priority %i is %s', (priority, tone) => {
    expect(priorityTone(priority)).toBe(tone);
  });
});

describe('frequency in days', () => {
  it.each([
    [24, 1],
    [168, 7],
    [12, 0.5],
    [6, 0.25],
    [1, 0.04],
    [36, 1.5],
  ])('%i hours is %s days', (hours, days) => {
    expect(frequencyDays(hours)).toBe(days);
  });

  it('offers the five options and keeps an unlisted stored value', () => {
    expect(frequencyChoices(24)).toEqual([1, 6, 12, 24, 168]);
    expect(frequencyChoices(48)).toEqual([1, 6, 12, 24, 48, 168]);
  });
});

describe('domain', () => {
  it('drops the scheme, www and path', () => {
    expect(domainOf('https://www.printlab.mx/servicios?x=1')).toBe('printlab.mx');
    expect(domainOf('not a url')).toBe('not a url');
  });
});
