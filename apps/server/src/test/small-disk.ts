import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A folder whose disk can be filled: a small tmpfs mounted on it when this process may mount
 * (root on Linux), so writes fail with the kernel's own ENOSPC. Elsewhere, `fill` makes the
 * folder's writes fail with an injected ENOSPC instead (see `injected`).
 */
export interface SmallDisk {
  /** True when ENOSPC is injected rather than real (no permission to mount). */
  injected: boolean;
  /** Takes every free byte. */
  fill(): void;
  /** Gives the space back. */
  free(): void;
  dispose(): void;
}

const fillerName = 'filler.bin';

function tryMount(folder: string, bytes: number): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', folder], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** Writes until the disk refuses (ENOSPC), leaving the file that took the space. */
function fillUp(file: string): void {
  const chunk = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(file, 'w');
  try {
    for (;;) {
      try {
        fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
    // The last, partial block: write byte by byte until nothing fits.
    for (;;) {
      try {
        fs.writeSync(fd, Buffer.alloc(512));
      } catch {
        break;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

export function smallDisk(folder: string, bytes = 4 * 1024 * 1024): SmallDisk {
  fs.mkdirSync(folder, { recursive: true });
  const mounted = tryMount(folder, bytes);
  if (mounted) {
    const filler = path.join(folder, fillerName);
    return {
      injected: false,
      fill: () => fillUp(filler),
      free: () => fs.rmSync(filler, { force: true }),
      dispose: () => execFileSync('umount', [folder], { stdio: 'ignore' }),
    };
  }
  const originalWriteFile = fs.promises.writeFile;
  const inside = (target: unknown) =>
    typeof target === 'string' && path.resolve(target).startsWith(folder + path.sep);
  let full = false;
  return {
    injected: true,
    fill() {
      full = true;
      // A write on a full disk starts, writes what fits (nothing here), and fails: the file
      // it created stays behind, which is what the storage driver must clean up.
      fs.promises.writeFile = (async (target, data, options) => {
        if (!full || !inside(target)) return originalWriteFile(target, data, options);
        await originalWriteFile(target, '', options);
        throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
          code: 'ENOSPC',
          errno: -28,
          syscall: 'write',
        });
      }) as typeof fs.promises.writeFile;
    },
    free() {
      full = false;
      fs.promises.writeFile = originalWriteFile;
    },
    dispose() {
      fs.promises.writeFile = originalWriteFile;
    },
  };
}
