import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The script beside this module's source (also when running from `dist/`, which has no .sh). */
export const BUILD_IMAGE_SCRIPT = fileURLToPath(
  new URL('../../../src/compute/qemu/build-image.sh', import.meta.url),
);

export interface GuestImage {
  kernel: string;
  initrd: string;
}

const building = new Map<string, Promise<GuestImage>>();

/**
 * The guest's kernel and initramfs in `dir`, built by `build-image.sh` when missing (it installs
 * qemu, busybox and cpio with apt-get as root when they are missing, and fetches the kernel
 * package by its exact name). One build per folder at a time.
 */
export function ensureImage(dir: string): Promise<GuestImage> {
  const image = { kernel: join(dir, 'vmlinux'), initrd: join(dir, 'initramfs.cpio.gz') };
  if (existsSync(image.kernel) && existsSync(image.initrd) && imageVersion(dir) === scriptVersion())
    return Promise.resolve(image);
  let build = building.get(dir);
  if (!build) {
    build = new Promise<GuestImage>((resolve, reject) => {
      execFile(
        'bash',
        [BUILD_IMAGE_SCRIPT, dir],
        { maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 },
        (error, _stdout, stderr) => {
          building.delete(dir);
          if (error)
            reject(
              new Error(`building the guest image failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`),
            );
          else resolve(image);
        },
      );
    });
    building.set(dir, build);
  }
  return build;
}

/** The `IMAGE_VERSION` the script builds. */
function scriptVersion(): string | null {
  return /^IMAGE_VERSION=(\S+)$/m.exec(readFileSync(BUILD_IMAGE_SCRIPT, 'utf8'))?.[1] ?? null;
}

/** The version of the image built in `dir`. */
function imageVersion(dir: string): string | null {
  try {
    return readFileSync(join(dir, 'image-version'), 'utf8').trim();
  } catch {
    return null;
  }
}
