import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/memory-storage.ts';
import { createErrorLog, ERROR_LOG_STORAGE_KEY } from './error-log.ts';

describe('error log', () => {
  it('keeps the last 50 in memory and the latest 10 in storage, newest first', () => {
    const storage = memoryStorage();
    const log = createErrorLog(storage, () => new Date('2026-01-02T03:04:05Z'));
    for (let i = 1; i <= 60; i++) log.record(new Error(`boom ${i}`), '/prices');
    expect(log.inMemory()).toHaveLength(50);
    expect(log.inMemory()[0]).toMatchObject({
      message: 'boom 60',
      path: '/prices',
      at: '2026-01-02T03:04:05.000Z',
    });
    expect(log.inMemory().at(-1)?.message).toBe('boom 11');
    const stored = log.inStorage();
    expect(stored.map((e) => e.message)).toEqual(
      [60, 59, 58, 57, 56, 55, 54, 53, 52, 51].map((n) => `boom ${n}`),
    );
  });

  it('survives a corrupt stored value and records non-Error throws', () => {
    const storage = memoryStorage();
    storage.setItem(ERROR_LOG_STORAGE_KEY, '{not json');
    const log = createErrorLog(storage);
    log.record('plain text');
    expect(log.inStorage()).toMatchObject([{ message: 'plain text' }]);
  });
});
