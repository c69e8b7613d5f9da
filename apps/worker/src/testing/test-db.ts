import type { JobLogger } from '../jobs/job-definition.ts';

export { createTestDb, waitFor, type TestDb } from '@preciofab/db/testing/test-db';

/** A logger that keeps what it is told, for assertions. */
export function memoryLogger(): JobLogger & { entries: { level: string; obj: object; msg?: string }[] } {
  const entries: { level: string; obj: object; msg?: string }[] = [];
  return {
    entries,
    info: (obj, msg) => void entries.push({ level: 'info', obj, ...(msg ? { msg } : {}) }),
    error: (obj, msg) => void entries.push({ level: 'error', obj, ...(msg ? { msg } : {}) }),
  };
}
