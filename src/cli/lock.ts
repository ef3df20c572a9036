/**
 * One writer at a time per file (issue 27: two CLI runs writing one file at once both exited 0 and one update was
 * lost). A command that writes `--out FILE` first takes FILE's lock — a file `.FILE.tengen-lock` beside it, created
 * with O_EXCL so only one process can make it — and holds it from before it reads its input until after it has
 * renamed its output over FILE, so a second run reads what the first wrote. A second run waits for the lock (up to
 * `WAIT_MS`), then refuses naming the process that holds it. A lock left by a process that no longer runs (killed)
 * is taken over. Temporary files a killed run left beside FILE are removed at the next write (./files.ts).
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { isRunning } from './files';
import { Refusal } from './output';

const WAIT_MS = 60_000;
const POLL_MS = 25;

/** The locks this process holds, released when the command ends (`releaseLocks`, called by main). */
const held: string[] = [];

export function lockNameOf(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.tengen-lock`);
}

/** Takes the lock of `target`, waiting while a running process holds it; refuses after `waitMs`. */
export async function lockForWriting(target: string, waitMs = WAIT_MS): Promise<void> {
  const lock = lockNameOf(path.resolve(target));
  if (held.includes(lock)) return;
  const start = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      held.push(lock);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // No folder, no right to write there: no lock to take; the write itself will say what is wrong.
      if (code !== 'EEXIST') return;
    }
    const seen = await lockHolder(lock);
    const holder = seen?.pid ?? 0;
    if (seen && holder && !isRunning(holder)) {
      // Left by a run that was killed: nobody holds it. The holder may have ended normally and a third run taken a
      // new lock since it was read: only the very lock judged stale (the same file, the same process) is removed, so
      // a live lock is never taken from its holder (two writers, an update lost).
      const now = await lockHolder(lock);
      if (now && now.ino === seen.ino && now.pid === holder) await rm(lock, { force: true });
      continue;
    }
    if (Date.now() - start > waitMs) {
      throw new Refusal(`${target} is being written by another Tengen run (process ${holder || 'unknown'}, lock ${lock}); waited ${Math.round(waitMs / 1000)} s. Try again when it has finished (if no Tengen runs, delete ${lock}). Nothing was written`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Who holds the lock (its process id, 0 while being written) and which file it is; null when there is none. */
async function lockHolder(lock: string): Promise<{ pid: number; ino: number } | null> {
  try {
    const info = await stat(lock);
    const pid = Number((await readFile(lock, 'utf8')).trim()) || 0;
    return { pid, ino: info.ino };
  } catch {
    return null;
  }
}

/** Releases every lock this process took. */
export async function releaseLocks(): Promise<void> {
  for (const lock of held.splice(0)) await rm(lock, { force: true });
}
