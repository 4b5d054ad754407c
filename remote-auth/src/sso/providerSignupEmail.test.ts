import { describe, expect, it } from 'vitest';
import { providerSignupEmail } from './providerSignupEmail';

describe('providerSignupEmail', () => {
  it("takes the user's address of allauth's provider sign-up answer", () => {
    const data = {
      user: { email: 'ada@example.com' },
      email: [{ email: 'other@example.com', primary: true }],
    };
    expect(providerSignupEmail({ status: 200, data } as never)).toBe('ada@example.com');
  });

  it('falls back to the primary (else the first) address of the list', () => {
    const list = [
      { email: 'second@example.com', primary: false },
      { email: 'primary@example.com', primary: true },
    ];
    expect(providerSignupEmail({ status: 200, data: { user: {}, email: list } } as never)).toBe(
      'primary@example.com',
    );
    expect(
      providerSignupEmail({ status: 200, data: { email: [{ email: 'only@example.com' }] } } as never),
    ).toBe('only@example.com');
  });

  it('is empty without an address, without a pending sign-up (409) or before the answer', () => {
    expect(providerSignupEmail({ status: 200, data: { user: {}, email: [] } } as never)).toBe('');
    expect(providerSignupEmail({ status: 409 })).toBe('');
    expect(providerSignupEmail(null)).toBe('');
  });
});
