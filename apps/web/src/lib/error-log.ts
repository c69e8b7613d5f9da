import { browserStorage, type KeyValueStorage } from './storage.ts';

/** Spec §8: render errors are kept, the last 50 in memory and the latest 10 in local storage, so a
 * support request can include them. */
export const ERROR_LOG_STORAGE_KEY = 'preciofab.error_log';
export const MEMORY_LIMIT = 50;
export const STORED_LIMIT = 10;

export type LoggedError = { at: string; message: string; stack?: string; path?: string };

export function createErrorLog(storage: KeyValueStorage, now: () => Date = () => new Date()) {
  let entries: LoggedError[] = [];

  function stored(): LoggedError[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(ERROR_LOG_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? (parsed as LoggedError[]) : [];
    } catch {
      return [];
    }
  }

  return {
    record(error: unknown, path?: string): LoggedError {
      const entry: LoggedError = {
        at: now().toISOString(),
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof Error && error.stack ? { stack: error.stack.slice(0, 2000) } : {}),
        ...(path ? { path } : {}),
      };
      entries = [entry, ...entries].slice(0, MEMORY_LIMIT);
      storage.setItem(ERROR_LOG_STORAGE_KEY, JSON.stringify([entry, ...stored()].slice(0, STORED_LIMIT)));
      return entry;
    },
    /** Newest first. */
    inMemory: (): readonly LoggedError[] => entries,
    inStorage: stored,
  };
}

export const errorLog = createErrorLog(browserStorage);
