import { describe, expect, it } from 'vitest';
import { ACTIONS_BY_STATUS, actionRefusal, allowedActions, STATUS_AFTER } from './actions.js';
import { INSTANCE_ACTIONS, INSTANCE_STATUSES, type InstanceAction, type InstanceStatus } from './tables.js';

const EXPECTED: Record<InstanceStatus, InstanceAction[]> = {
  INSTALLING: ['DELETE'],
  ACTIVE: ['STOP', 'RESTART', 'DELETE'],
  INACTIVE: ['START', 'DELETE'],
};

describe('allowedActions', () => {
  for (const status of INSTANCE_STATUSES) {
    it(`${status} without an action under way allows ${EXPECTED[status].join(', ')}`, () => {
      expect(allowedActions(status, null)).toEqual(EXPECTED[status]);
      expect(allowedActions(status, undefined)).toEqual(EXPECTED[status]);
    });
    for (const pending of INSTANCE_ACTIONS) {
      it(`${status} with ${pending} under way allows nothing`, () => {
        expect(allowedActions(status, pending)).toEqual([]);
      });
    }
  }

  it('answers a fresh array each time (callers may not change the table)', () => {
    const first = allowedActions('ACTIVE', null);
    first.pop();
    expect(allowedActions('ACTIVE', null)).toEqual(EXPECTED.ACTIVE);
    expect(ACTIONS_BY_STATUS.ACTIVE).toEqual(EXPECTED.ACTIVE);
  });
});

describe('actionRefusal', () => {
  it('is null exactly for the allowed pairs, a sentence naming action and status otherwise', () => {
    for (const status of INSTANCE_STATUSES) {
      for (const pending of [null, ...INSTANCE_ACTIONS]) {
        for (const action of INSTANCE_ACTIONS) {
          const allowed = allowedActions(status, pending).includes(action);
          const refusal = actionRefusal(status, pending, action);
          expect(refusal === null).toBe(allowed);
        }
      }
    }
    expect(actionRefusal('INACTIVE', null, 'STOP')).toBe(
      'Stop is not possible while the instance is Inactive.',
    );
    expect(actionRefusal('INSTALLING', null, 'START')).toBe(
      'Start is not possible while the instance is Installing.',
    );
    expect(actionRefusal('ACTIVE', 'STOP', 'DELETE')).toBe(
      'Delete is not possible while the instance is stopping. Wait until it has finished.',
    );
  });
});

describe('STATUS_AFTER', () => {
  it('START and RESTART end ACTIVE, STOP ends INACTIVE', () => {
    expect(STATUS_AFTER).toEqual({ START: 'ACTIVE', RESTART: 'ACTIVE', STOP: 'INACTIVE' });
  });
});
