import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes a file so that readers see the old bytes or the new ones, never a mix; survives a crash.
 * With `owner`, the new file gets that owner and group before it replaces the old one (a replaced
 * file is a new inode: without it, the writer's own would be taken), or the write fails.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer,
  mode = 0o600,
  owner?: { uid: number; gid: number },
): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'w', mode);
  try {
    if (owner) {
      const made = await handle.stat();
      if (made.uid !== owner.uid || made.gid !== owner.gid) await handle.chown(owner.uid, owner.gid);
      // open() applies the umask, and chown may clear set-id bits: the mode is set last.
      await handle.chmod(mode);
    }
    await handle.writeFile(data);
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(tmp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
