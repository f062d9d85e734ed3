import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes opening one directory corrupt it. Whoever
 * opens DATA_DIR's database holds this lock file; a running server also leaves its port and a
 * per-start admin token in it, so the operator CLI can work through the server instead.
 */
export interface LockInfo {
  pid: number;
  kind: 'server' | 'cli';
  /** Where the running server listens, for the CLI (loopback when it listens everywhere). */
  url?: string;
  token?: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, 'caderneta.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's holder when it is a live process; a stale lock (dead process) is removed. */
export function readLiveLock(dataDir: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Half-written by a process that is starting right now: treat it as held.
    return { pid: -1, kind: 'cli' };
  }
  if (info.pid !== process.pid && alive(info.pid)) return info;
  if (info.pid === process.pid) return info;
  try {
    unlinkSync(lockPath(dataDir));
  } catch {
    // Someone else removed it first; fine.
  }
  return null;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      holder.kind === 'server'
        ? `DATA_DIR ${dataDir} is in use by a running Caderneta server (pid ${holder.pid}). Stop it first, or use another DATA_DIR.`
        : `DATA_DIR ${dataDir} is in use by another Caderneta command (pid ${holder.pid}). Wait for it to finish and try again.`,
    );
  }
}

/** Takes the lock atomically or throws DataDirBusyError naming the holder. */
export function acquireLock(dataDir: string, info: LockInfo): void {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath(dataDir), 'wx', 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLiveLock(dataDir);
      if (holder) throw new DataDirBusyError(dataDir, holder);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** Rewrites our own lock (e.g. to add the port once listening). */
export function updateLock(dataDir: string, info: LockInfo): void {
  writeFileSync(lockPath(dataDir), JSON.stringify(info), { mode: 0o600 });
}

export function releaseLock(dataDir: string): void {
  try {
    const info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    if (info.pid === process.pid) unlinkSync(lockPath(dataDir));
  } catch {
    // Already gone.
  }
}
