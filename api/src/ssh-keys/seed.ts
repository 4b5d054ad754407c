import { eq } from 'drizzle-orm';
import { computeInstanceSshKeys } from '../compute/lifecycle/tables.js';
import type { Db } from '../db/client.js';
import { DEMO_INSTANCES } from '../db/demo.js';
import { parsePublicKey } from './parse.js';
import { sshKeys } from './tables.js';

/** demo@example.com's SSH keys as seeded (re-seeding restores exactly these). */
export const DEMO_SSH_KEYS = {
  laptop: {
    uid: '5f0c6a1e-4b7d-4c1a-9d0e-0000000005e1',
    name: 'Laptop',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGiKbb3WGzFASlg20EZCGRTAkdHEGHUFkf403/D9T6yU demo@laptop',
    fingerprint: 'SHA256:zlC7BP2dwLe142OiC7Ty3yADsgtNa6hhKK6IAje60ro',
    createdAt: '2025-08-04T09:12:00Z',
  },
  workstation: {
    uid: '5f0c6a1e-4b7d-4c1a-9d0e-0000000005e2',
    name: 'Office workstation',
    publicKey:
      'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQCkmOEXHA1flpFmrlq2UEhALdpfwnvtu+BEYbPPRXkTCSq8gB3EQHWM+Fbzi0G5OfMSdHK2GyHhLyQbHEXZzcCGT7r3iI0AzxVp3LlyCHB2jlH+JTsMC/yJD/toW690ahUKG8QhHnNiNYwvqYBbg7Gx+Ti3BUDpn3TvW6RY51XHOnCihALDKAy8E3AQP2i6Ab/Vv2xWh3I+7Lfl5EF2YH5gv4lNEfHyk/KQGI3BWp1PXDdq7pqYBvSB2YVkJPXCVCFnGgdoQyZ4veaPe0t3CM0thYmjXm+YxVFTh3YSRLVSckPAUTuBKg1dE79YiK2UhHDV53bdszGXJSgBDqraQDjyPWVRv0eBXQwbE38pARRDa2KPVzmPK2gl0I1sTFd++bzEaECz5tsWUd2l/0yC0Xca36FZe6v32c+3ryp1aZpwghm7GYyvfM4h9CmONDRCr0tV5ocb5BIY8j+K9zBbLVpg66ZNBMgEK55OizvNMyKCRmMo9/iNK0RSPxKCXKc4ibc= demo@workstation',
    fingerprint: 'SHA256:e/Kb1TS/U1rMe6OWaInazeOmICXhk+O2ZUVqDUI1MDM',
    createdAt: '2026-01-19T16:40:00Z',
  },
} as const;

/** Restores demo's SSH keys (and removes any the demo added). */
export async function seedSshKeys(db: Db, demoUserId: string): Promise<void> {
  await db.delete(sshKeys).where(eq(sshKeys.userId, demoUserId));
  await db.insert(sshKeys).values(
    Object.values(DEMO_SSH_KEYS).map((key) => ({
      id: key.uid,
      userId: demoUserId,
      name: key.name,
      ...parsePublicKey(key.publicKey),
      createdAt: new Date(key.createdAt),
    })),
  );
}

/** web-1 was deployed with demo's laptop key (Overview shows it). */
export async function seedInstanceSshKeys(db: Db): Promise<void> {
  const key = DEMO_SSH_KEYS.laptop;
  await db
    .insert(computeInstanceSshKeys)
    .values({
      instanceId: DEMO_INSTANCES.web1.uid,
      sshKeyId: key.uid,
      name: key.name,
      fingerprint: key.fingerprint,
      type: 'ed25519',
    })
    .onConflictDoNothing();
}
