/**
 * One process at a time on a PGlite data directory. PGlite takes no lock of its own (in WebAssembly
 * every backend is pid 42), and two processes on one directory corrupt it: the second writes its WAL
 * while the first, still closing, writes its shutdown checkpoint over it, and the next start finds
 * no valid checkpoint (PANIC) — data gone. It happens the easy way: Ctrl-C on `npm start` returns the
 * prompt at once (npm exits in milliseconds) while the server takes a second or two to close, and a
 * start now reaches the database within that time.
 *
 * The lock is a file in the directory naming its process (pid, and on Linux the process's start time,
 * so a pid reused after a crash — the same pid in a restarted container — is not taken for the
 * owner). A start waits for a closing owner to go; an owner that was killed leaves a stale file,
 * which the next start takes over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'preciofab.lock';

type Owner = { pid: number; started: string | null };

/** When a process started (clock ticks since boot, /proc/<pid>/stat field 22), or null where
 * there is no /proc. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const ownStart = startTime(process.pid);

function isRunning(owner: Owner): boolean {
  // This very process (the directory opened twice), or a former life of its pid after a crash.
  if (owner.pid === process.pid) return owner.started !== null && owner.started === ownStart;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return owner.started === null || startTime(owner.pid) === owner.started;
}

function readOwner(path: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, started: owner.started ?? null } : null;
  } catch {
    return null; // gone, or being written: looked at again
  }
}

export type LockOptions = {
  /** How long to wait for an owner that is closing (default 15 s). */
  waitMs?: number;
};

/**
 * Takes the data directory for this process and returns the function that gives it back. Waits
 * while another live process holds it, up to `waitMs`, then fails naming that process.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: Owner = { pid: process.pid, started: ownStart };
  const deadline = Date.now() + (options.waitMs ?? 15_000);
  let unreadableSince: number | null = null;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      return () => {
        const owner = readOwner(path);
        if (owner?.pid === me.pid && owner.started === me.started) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner && !isRunning(owner)) {
      // Left by a process that was killed: taken over, unless another start took it meanwhile.
      const again = readOwner(path);
      if (again?.pid === owner.pid && again.started === owner.started) rmSync(path, { force: true });
      continue;
    }
    // Empty or unreadable for a second: its writer was killed between creating and writing it.
    unreadableSince = owner ? null : (unreadableSince ?? Date.now());
    if (unreadableSince !== null && Date.now() - unreadableSince > 1000) {
      rmSync(path, { force: true });
      unreadableSince = null;
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The data directory ${dataDir} is in use by process ${owner?.pid ?? '(unknown)'}. ` +
          'Stop that process, or wait for it to finish closing, and start again.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
