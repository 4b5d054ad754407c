import { describe, expect, it } from 'vitest';
import { PLANS } from '../catalog.js';
import { RESIZE_MESSAGES, rebuildStatusRefusal, resizeRefusal, resizeStatusRefusal } from './operations.js';

const plan = (id: string) => {
  const p = PLANS.find((candidate) => candidate.id === id)!;
  return {
    uid: p.id,
    name: p.name,
    vcpus: p.vcpus,
    memoryMb: p.memoryMb,
    diskGb: p.diskGb,
    transferTb: p.transferTb,
    prices: [],
  };
};

describe('resize and rebuild rules', () => {
  it('a resize only grows: same plan, less disk, RAM or vCPU are refused', () => {
    expect(resizeRefusal(plan('s-1vcpu-2gb'), plan('s-2vcpu-4gb'))).toBeNull();
    expect(resizeRefusal(plan('s-4vcpu-8gb'), plan('d-16vcpu-64gb'))).toBeNull();
    expect(resizeRefusal(plan('s-2vcpu-4gb'), plan('s-2vcpu-4gb'))).toBe(RESIZE_MESSAGES.samePlan);
    expect(resizeRefusal(plan('s-4vcpu-8gb'), plan('s-2vcpu-4gb'))).toBe(RESIZE_MESSAGES.smaller('disk'));
    expect(resizeRefusal({ ...plan('s-4vcpu-8gb'), memoryMb: 99_999 }, plan('d-4vcpu-16gb'))).toBe(
      RESIZE_MESSAGES.smaller('RAM'),
    );
    expect(resizeRefusal({ ...plan('d-4vcpu-16gb'), vcpus: 64 }, plan('d-8vcpu-32gb'))).toBe(
      RESIZE_MESSAGES.smaller('vCPU'),
    );
  });

  it('a resize needs the instance off with nothing under way; a rebuild anything but installing', () => {
    const row = (
      status: 'ACTIVE' | 'INACTIVE' | 'INSTALLING',
      pendingAction: 'STOP' | null = null,
      resizingToPlanId: string | null = null,
    ) => ({
      status,
      pendingAction,
      resizingToPlanId,
    });
    expect(resizeStatusRefusal(row('INACTIVE'))).toBeNull();
    expect(resizeStatusRefusal(row('ACTIVE'))).toBe(RESIZE_MESSAGES.notOff);
    expect(resizeStatusRefusal(row('INSTALLING'))).toBe(RESIZE_MESSAGES.notOff);
    expect(resizeStatusRefusal(row('ACTIVE', 'STOP'))).toBe(RESIZE_MESSAGES.busy);
    expect(resizeStatusRefusal(row('INACTIVE', null, 'd-4vcpu-16gb'))).toBe(RESIZE_MESSAGES.busy);
    expect(rebuildStatusRefusal(row('ACTIVE'))).toBeNull();
    expect(rebuildStatusRefusal(row('INACTIVE'))).toBeNull();
    expect(rebuildStatusRefusal(row('INSTALLING'))).toBe(RESIZE_MESSAGES.rebuildStatus('Installing'));
    expect(rebuildStatusRefusal(row('ACTIVE', 'STOP'))).toBe(RESIZE_MESSAGES.rebuildBusy);
  });
});
