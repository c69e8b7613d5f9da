import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPgliteDb } from './client.ts';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'preciofab-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => {
  const dir = join(root, `dir-${++n}`);
  return { dir, lock: join(dir, LOCK_FILE) };
};

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another process, alive until killed. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

const startTime = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

/** The lock file as that process would have written it. */
function heldBy(lock: string, pid: number, started: string | null = startTime(pid)): void {
  writeFileSync(lock, JSON.stringify({ pid, started }));
}

describe('the data directory lock', () => {
  it('is refused, naming the holder, while another live process holds it', async () => {
    const { dir, lock } = freshDir();
    mkdirSync(dir);
    const holder = await otherProcess();
    heldBy(lock, holder.pid!);
    await expect(lockDataDir(dir, { waitMs: 300 })).rejects.toThrow(`in use by process ${holder.pid}`);
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(holder.pid);
  });

  it('waits for a holder that is closing, then takes it', async () => {
    const { dir, lock } = freshDir();
    mkdirSync(dir);
    const holder = await otherProcess();
    heldBy(lock, holder.pid!);
    setTimeout(() => holder.kill('SIGTERM'), 300);
    const release = await lockDataDir(dir, { waitMs: 20_000 });
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over the lock of a process that was killed, and of a pid now used by another process', async () => {
    const { dir, lock } = freshDir();
    mkdirSync(dir);
    const killed = await otherProcess();
    const pid = killed.pid!;
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    heldBy(lock, pid, '1');
    (await lockDataDir(dir, { waitMs: 0 }))();

    // The same pid, started at another time: the holder is gone (a restarted container).
    const reused = await otherProcess();
    heldBy(lock, reused.pid!, '1');
    (await lockDataDir(dir, { waitMs: 0 }))();
    heldBy(lock, process.pid, '1');
    (await lockDataDir(dir, { waitMs: 0 }))();
  });

  it('takes over an empty lock file (its writer killed before writing it)', async () => {
    const { dir, lock } = freshDir();
    mkdirSync(dir);
    writeFileSync(lock, '');
    const release = await lockDataDir(dir, { waitMs: 5000 });
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('keeps a second opening of the same directory out, and lets it in once the first closes', async () => {
    const { dir } = freshDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir, { waitMs: 200 })).rejects.toThrow(`in use by process ${process.pid}`);
    release();
    (await lockDataDir(dir, { waitMs: 0 }))();
  });

  it('is held by an open PGlite database and given back when it closes', async () => {
    const { dir, lock } = freshDir();
    const db = await createPgliteDb(dir);
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    await expect(lockDataDir(dir, { waitMs: 100 })).rejects.toThrow(`in use by process ${process.pid}`);
    await db.close();
    expect(existsSync(lock)).toBe(false);
    const again = await createPgliteDb(dir);
    await again.close();
  }, 120_000);
});
