import { describe, expect, it } from 'vitest';
import { oncePerEvent } from './fanout.js';

describe('oncePerEvent', () => {
  it('loads once per event and key, however many subscriptions resolve it', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const event = { contractUid: 'C-1' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => oncePerEvent(event, 'user-1|C-1', load)),
    );
    expect(answers).toEqual(Array(50).fill(1));
    // another viewer, and the next event, load again
    expect(await oncePerEvent(event, 'user-2|C-1', load)).toBe(2);
    expect(await oncePerEvent({ contractUid: 'C-1' }, 'user-1|C-1', load)).toBe(3);
  });
});
