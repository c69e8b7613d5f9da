/** Messages between the main thread and the thread that owns embedded PGlite. */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'pipeline'; statements: { sql: string; params: unknown[] }[]; tx?: number }
  /** Chosen by the host and not answered: statements tagged with it wait for PGlite's lock. */
  | { op: 'begin'; tx: number }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields (message, code, detail, constraint, …) as plain data. */
export type WireError = { message: string; name?: string; [field: string]: string | undefined };

export type ThreadResponse =
  | { id: number; ok: true }
  | { id: number; rows: unknown[]; rowCount: number }
  | { id: number; results: { rows: unknown[]; rowCount: number }[] }
  | { id: number; error: WireError };
