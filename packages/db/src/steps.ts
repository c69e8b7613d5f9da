import type { Db, QueryResult, Row, Statement } from './client.ts';

/**
 * One statement and how to read its result, or a value known without asking the database (an empty
 * list to insert). Repositories offer their writes as steps so a caller can send several in one
 * round trip (`runSteps`), which matters when the database runs in another thread.
 */
export type Step<T> = { statement: Statement; read: (result: QueryResult<Row>) => T } | { value: T };

type Values<S extends readonly Step<unknown>[]> = {
  -readonly [K in keyof S]: S[K] extends Step<infer V> ? V : never;
};

export const known = <T>(value: T): Step<T> => ({ value });

/** Runs steps in order, in one round trip (`Db.pipeline`), and returns their values in order. */
export async function runSteps<S extends readonly Step<unknown>[]>(db: Db, steps: S): Promise<Values<S>> {
  const asked = steps.flatMap((s) => ('statement' in s ? [s.statement] : []));
  const results = await db.pipeline(asked);
  let next = 0;
  return steps.map((s) => ('value' in s ? s.value : s.read(results[next++]!))) as Values<S>;
}
