import { resolve } from 'node:path';
import { REPO_ROOT } from '../config/paths.js';
import { number, oneOf, text } from '../config/readers.js';
import { configPart, variable } from '../config/schema.js';

/** The embedded compute simulator (`simulator.ts`), or real VMs (`qemu/`). */
export interface ComputeConfig {
  simSpeed: number;
  failureRate: number;
  chargeTickS: number;
  driver: 'simulator' | 'qemu';
  /** The QEMU driver's settings (api README, "The QEMU driver"). */
  qemu: {
    dir: string;
    maxVms: number;
    memoryCapMb: number;
    accel: 'auto' | 'tcg' | 'kvm';
    imageDir: string;
    stopOnClose: boolean;
  };
}

const SIM_SPEED = variable({
  name: 'PORTAL_COMPUTE_SIM_SPEED',
  description:
    'divides every duration of the compute simulator (deploy 8 s, start 3 s, stop 4 s, restart 5 s, delete 2 s at 1); the e2e suites set `4`',
  schema: number({ min: 0, max: 1000, minExclusive: true, fallback: 1 }),
  example: { value: '1', commented: true },
});

const FAILURE_RATE = variable({
  name: 'PORTAL_COMPUTE_FAILURE_RATE',
  description:
    'probability that a simulated deployment or action fails (with a hypervisor-like `lastError`); 0: never, except when `fail-next` asks',
  schema: number({ min: 0, max: 1, fallback: 0 }),
  example: { value: '0', commented: true },
});

const CHARGE_TICK_S = variable({
  name: 'PORTAL_COMPUTE_CHARGE_TICK_S',
  description: 'how often (seconds) instance charges accrue and, when a whole cent moved, are published',
  schema: number({ min: 1, max: 3600, fallback: 10 }),
  example: { value: '10', commented: true },
});

const DRIVER = variable({
  name: 'PORTAL_COMPUTE_DRIVER',
  description:
    '`simulator` (also for `npm start` and the e2e) or `qemu`: real virtual machines (see "The QEMU driver")',
  schema: oneOf(['simulator', 'qemu'] as const, 'simulator'),
});

const QEMU_DIR = variable({
  name: 'PORTAL_QEMU_DIR',
  description: "the QEMU driver's image (`image/`) and instances' folders (`instances/<uid>/`)",
  schema: text('path'),
  defaultText: '<repo>/.data/qemu',
});

const QEMU_MAX_VMS = variable({
  name: 'PORTAL_QEMU_MAX_VMS',
  description:
    'VMs running at once on this machine at most; a start beyond it fails with a message naming the cap',
  schema: number({ min: 1, max: 64, fallback: 3 }),
});

const QEMU_MAX_MEMORY_MB = variable({
  name: 'PORTAL_QEMU_MAX_MEMORY_MB',
  description: "a guest gets its plan's memory up to this",
  schema: number({ min: 128, max: 65536, fallback: 512 }),
});

const QEMU_ACCEL = variable({
  name: 'PORTAL_QEMU_ACCEL',
  description: '`auto`: KVM only where `/dev/kvm` is usable and backed by `kvm_intel`/`kvm_amd`, else TCG',
  schema: oneOf(['auto', 'tcg', 'kvm'] as const, 'auto'),
});

const QEMU_IMAGE_DIR = variable({
  name: 'PORTAL_QEMU_IMAGE_DIR',
  description: "the guest's kernel and initramfs (built there when missing)",
  schema: text('path'),
  defaultText: '<PORTAL_QEMU_DIR>/image',
});

const QEMU_STOP_ON_EXIT = variable({
  name: 'PORTAL_QEMU_STOP_ON_EXIT',
  description:
    "`1`: the api's shutdown powers its VMs off (the e2e); `0`: they keep running and the next start re-attaches",
  schema: oneOf(['0', '1'] as const, '0'),
});

/** The compute simulator or the QEMU driver. */
export const computePart = configPart({
  key: 'compute',
  title: 'compute',
  variables: [
    SIM_SPEED,
    FAILURE_RATE,
    CHARGE_TICK_S,
    DRIVER,
    QEMU_DIR,
    QEMU_MAX_VMS,
    QEMU_MAX_MEMORY_MB,
    QEMU_ACCEL,
    QEMU_IMAGE_DIR,
    QEMU_STOP_ON_EXIT,
  ],
  build: (get) => {
    const dir = resolve(get(QEMU_DIR) ?? resolve(REPO_ROOT, '.data/qemu'));
    const compute: ComputeConfig = {
      simSpeed: get(SIM_SPEED),
      failureRate: get(FAILURE_RATE),
      chargeTickS: get(CHARGE_TICK_S),
      driver: get(DRIVER),
      qemu: {
        dir,
        maxVms: get(QEMU_MAX_VMS),
        memoryCapMb: get(QEMU_MAX_MEMORY_MB),
        accel: get(QEMU_ACCEL),
        imageDir: resolve(get(QEMU_IMAGE_DIR) ?? resolve(dir, 'image')),
        stopOnClose: get(QEMU_STOP_ON_EXIT) === '1',
      },
    };
    return { compute };
  },
});
