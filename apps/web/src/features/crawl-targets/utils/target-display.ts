import type { Tone } from '../../../components/ui/badge.tsx';

/** Spec §9: crawl frequency options in hours: hourly, 6 h, 12 h, daily, weekly. */
export const FREQUENCY_OPTIONS = [1, 6, 12, 24, 168] as const;

/** Spec §2: priority badge red from 8, amber from 5, neutral below. */
export function priorityTone(priority: number): Tone {
  if (priority >= 8) return 'danger';
  if (priority >= 5) return 'warning';
  return 'neutral';
}

/** Spec §2: the table shows the frequency in days, to two decimals at most (6 h = 0.25 days). */
export function frequencyDays(hours: number): number {
  return Math.round((hours / 24) * 100) / 100;
}

/** The frequency choices, with a stored value that is not among them kept as its own choice. */
export function frequencyChoices(current: number): number[] {
  const options: number[] = [...FREQUENCY_OPTIONS];
  return options.includes(current) ? options : [...options, current].sort((a, b) => a - b);
}

/** "example.com" for "https://www.example.com/shop", or the text itself when it is no URL. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
