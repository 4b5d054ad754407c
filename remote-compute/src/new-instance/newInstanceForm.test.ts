import { CombinedError } from '@urql/core';
import { FORM_ERROR } from 'final-form';
import { describe, expect, it } from 'vitest';
import { createInstanceErrors, HOST_NAME } from './newInstanceForm';
import { formatHourly, formatMemory, planPrice } from './pricing';
import { loginPathBackTo } from './savedConfiguration';

const refusal = (message: string, extensions: Record<string, unknown>) =>
  new CombinedError({ graphQLErrors: [{ message, extensions }] });

describe('createInstanceErrors', () => {
  it('puts a refusal on the field the api names, else by its code, else on the form', () => {
    expect(createInstanceErrors(refusal('Taken', { code: 'X', field: 'name' }))).toEqual({ name: 'Taken' });
    expect(createInstanceErrors(refusal('Weak', { code: 'WEAK_PASSWORD' }))).toEqual({
      rootPassword: 'Weak',
    });
    expect(createInstanceErrors(refusal('No plan', { code: 'UNKNOWN_PLAN' }))).toEqual({
      planUid: 'No plan',
    });
    expect(createInstanceErrors(refusal('Nope', { code: 'FORBIDDEN' }))).toEqual({ [FORM_ERROR]: 'Nope' });
    expect(
      createInstanceErrors(new CombinedError({ networkError: new Error('Failed to fetch') }))?.[FORM_ERROR],
    ).toContain('Failed to fetch');
  });
});

describe('HOST_NAME', () => {
  it.each(['web-1', 'a', 'DB2'])('%s is a host name', (name) => expect(HOST_NAME.test(name)).toBe(true));
  it.each(['-web', 'web-', 'my_server', 'a.b', 'x'.repeat(64)])('%s is not', (name) =>
    expect(HOST_NAME.test(name)).toBe(false),
  );
});

describe('pricing', () => {
  const plan = {
    prices: [
      { currency: 'EUR', monthly: '5.00', hourly: '0.0068' },
      { currency: 'USD', monthly: '5.50', hourly: '0.0075' },
    ],
  };
  it('the workspace currency, else EUR', () => {
    expect(planPrice(plan, 'USD')?.monthly).toBe('5.50');
    expect(planPrice(plan, 'GBP')?.currency).toBe('EUR');
    expect(planPrice({ prices: [] }, 'EUR')).toBeNull();
  });
  it('hourly prices keep fractions of a cent, in each language', () => {
    expect(formatHourly('0.0068', 'EUR', 'en')).toBe('€0.0068');
    expect(formatHourly('0.0068', 'EUR', 'de')).toBe('0,0068\u00a0€');
    expect(formatHourly('0.5', 'USD', 'en')).toBe('$0.50');
  });
  it('memory in MB or GB', () => {
    expect(formatMemory(512)).toBe('512 MB');
    expect(formatMemory(2048)).toBe('2 GB');
    expect(formatMemory(1536)).toBe('1.5 GB');
  });
});

describe('loginPathBackTo', () => {
  it('has the shape of the guard’s login redirect', () => {
    expect(loginPathBackTo('/new-instance?template_uid=t-1')).toBe(
      '/auth/login?redirect=%2Fnew-instance%3Ftemplate_uid%3Dt-1',
    );
  });
});
