/**
 * Writing a file so that the old one survives any failure: "files are written to a temp name and renamed" (the
 * project's rules). The bytes go to a temporary file in the target's own folder (a rename is atomic only within one
 * file system), are flushed to disk, and the temporary file is renamed over the target; on any failure the
 * temporary file is removed and the target is left as it was, byte for byte. Every file the CLI writes goes
 * through `writeFileAtomically`.
 */
import * as nodeFs from 'node:fs/promises';
import * as path from 'node:path';

/** The part of `node:fs/promises` the writer uses; tests inject one that fails (a full disk, ENOSPC). */
export interface WriterFs {
  open(file: string, flags: string, mode?: number): Promise<{ writeFile(data: Uint8Array | string): Promise<void>; sync(): Promise<void>; close(): Promise<void> }>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string, options: { force: boolean }): Promise<void>;
  stat(file: string): Promise<{ mode: number; isDirectory(): boolean }>;
}

/** A file that could not be written: the path, the reason in words, and whether a file there was left unchanged. */
export class FileWriteError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly existed: boolean,
  ) {
    super(`cannot write ${file}: ${reason}; ${existed ? 'the file there is unchanged' : 'nothing was written'}`);
    this.name = 'FileWriteError';
  }
}

/** What a system error code means to a director (the code kept in brackets for whoever helps him). */
export function reasonOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the disk is read-only',
    ENOENT: 'the folder does not exist',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder',
    ENAMETOOLONG: 'the name is too long',
    EBUSY: 'the file is in use by another program',
    EIO: 'the disk reported an input/output error',
  };
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (code && words[code]) return `${words[code]} (${code})`;
  return code ? `${e.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '')} (${code})` : String(e?.message ?? error);
}

/** Why `target` cannot be written, known before any work (a folder, a missing folder, a file in the path), or undefined. */
export async function whyUnwritable(target: string, fs: Pick<WriterFs, 'stat'> = nodeFs as unknown as WriterFs): Promise<string | undefined> {
  try {
    if ((await fs.stat(target)).isDirectory()) return 'it is a folder';
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return reasonOf(error);
    if (code !== 'ENOENT') return undefined; // the write itself will say what is wrong
  }
  return folderProblem(target, fs);
}

/** What is wrong with the folder `target` would go in: missing, or not a folder; undefined when it is a folder. */
async function folderProblem(target: string, fs: Pick<WriterFs, 'stat'>): Promise<string | undefined> {
  const folder = path.dirname(path.resolve(target));
  try {
    return (await fs.stat(folder)).isDirectory() ? undefined : `${folder} is not a folder`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'the folder does not exist (ENOENT)';
    return reasonOf(error);
  }
}

/** Refuses, before any work, an output path that cannot be written: a `FileWriteError` naming it and why. */
export async function refuseUnwritable(target: string, fs?: Pick<WriterFs, 'stat'>): Promise<void> {
  const why = await whyUnwritable(target, fs);
  if (why !== undefined) throw new FileWriteError(target, why, false);
}

/** Whether a process of that id runs on this machine (signal 0 checks without sending anything). */
export function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // runs, under another user
  }
}

let counter = 0;

/** The temporary name beside `target`: hidden, unique to this process and call, never an existing file (`wx`). */
function temporaryName(target: string): string {
  counter += 1;
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${counter}.tengen-tmp`);
}

/**
 * Removes the temporary files a killed run (`kill -9`, a power cut) left beside `target`: those named for `target`
 * whose process no longer runs. Best effort: a folder that cannot be listed is left as it is.
 */
export async function removeLeftTemporaries(target: string): Promise<void> {
  const folder = path.dirname(path.resolve(target));
  const prefix = `.${path.basename(target)}.`;
  let names: string[];
  try {
    names = await nodeFs.readdir(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tengen-tmp')) continue;
    const m = /^(\d+)-\d+\.tengen-tmp$/.exec(name.slice(prefix.length));
    if (m && Number(m[1]) !== process.pid && !isRunning(Number(m[1]))) await nodeFs.rm(path.join(folder, name), { force: true }).catch(() => undefined);
  }
}

/**
 * Writes `data` to `target` through a temporary file in the same folder, then renames it over the target. Throws a
 * `FileWriteError` (never a raw system error) naming the path and the reason; the target is then unchanged.
 */
export async function writeFileAtomically(target: string, data: Uint8Array | string, fs: WriterFs = nodeFs as unknown as WriterFs): Promise<void> {
  let existing: { mode: number; isDirectory(): boolean } | undefined;
  try {
    existing = await fs.stat(target);
  } catch {
    existing = undefined;
  }
  if (existing?.isDirectory()) throw new FileWriteError(target, 'it is a folder', false);
  await removeLeftTemporaries(target);
  const temporary = temporaryName(target);
  let created = false;
  try {
    // The new file keeps the permissions of the one it replaces.
    const handle = await fs.open(temporary, 'wx', existing ? existing.mode & 0o777 : 0o666);
    created = true;
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  } catch (error) {
    if (created) await fs.rm(temporary, { force: true }).catch(() => undefined);
    // ENOENT on creating a file: say whether the folder is missing, or exists and takes no new file (/proc).
    const missing = (error as NodeJS.ErrnoException)?.code === 'ENOENT' ? await folderProblem(target, fs) : undefined;
    const reason = (error as NodeJS.ErrnoException)?.code === 'ENOENT' && missing === undefined ? `the folder ${path.dirname(path.resolve(target))} does not take a new file there (ENOENT)` : (missing ?? reasonOf(error));
    throw new FileWriteError(target, reason, existing !== undefined);
  }
}
