import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);

/** The PostgreSQL driver, loaded on first use: a server on embedded PGlite never needs it, and
 * loading it costs a start some 60–300 ms. */
export function loadPg(): typeof pg {
  return require('pg') as typeof pg;
}
