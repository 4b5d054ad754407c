import { FluentProvider } from '@fluentui/react-components';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { mainLightTheme } from '../theme/themes';
import { signupSchema } from '../validation/signup';
import { CheckboxField } from './CheckboxField';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';
import { submissionErrors } from './submissionErrors';
import { TextField } from './TextField';
import { zodValidate } from './zodValidate';

describe('zodValidate', () => {
  it('answers the first message per field (its key, the field translates it), undefined when valid', () => {
    const validate = zodValidate(signupSchema);
    expect(validate({ email: 'x', password: 'Abcdefg1', passwordConfirm: 'nope' } as never)).toEqual({
      email: 'validation:email',
      phone: 'validation:required',
      passwordConfirm: 'validation:passwordMatch',
      consent_personal_data: 'validation:required',
    });
    expect(
      validate({
        email: 'a@example.com',
        phone: '+49 151 23456789',
        password: 'Abcdefg1',
        passwordConfirm: 'Abcdefg1',
        consent_personal_data: true,
      }),
    ).toBeUndefined();
  });
});

describe('submissionErrors', () => {
  it('puts errors on the fields the form has, the rest on the form', () => {
    const response = {
      status: 400,
      errors: [
        { code: 'invalid', message: 'Enter a valid email address.', param: 'email' },
        { code: 'captcha_failed', message: 'The bot check failed.', param: 'recaptcha_token' },
        { code: 'other', message: 'Second form message.' },
      ],
    };
    expect(submissionErrors(response, ['email', 'password'])).toEqual({
      email: 'Enter a valid email address.',
      [FORM_ERROR]: 'The bot check failed.',
    });
  });

  it('a network failure is a form message', () => {
    const response = { status: 0, errors: [{ code: 'network_error', message: 'Network error: offline' }] };
    expect(submissionErrors(response, ['email'])).toEqual({ [FORM_ERROR]: 'Network error: offline' });
  });

  it('uses the fallback when the answer says nothing', () => {
    expect(submissionErrors({ status: 500 }, ['email'], 'Something went wrong')).toEqual({
      [FORM_ERROR]: 'Something went wrong',
    });
    expect(submissionErrors({ status: 500 }, ['email'])).toEqual({});
  });
});

function Harness({ onSubmit }: { onSubmit: (values: Record<string, unknown>) => unknown }) {
  return (
    <I18nextProvider i18n={createI18n()}>
      <FluentProvider theme={mainLightTheme}>
        <Form
          onSubmit={(values) => onSubmit(values) as never}
          validate={zodValidate(signupSchema) as never}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <FormError />
              <TextField name="email" label="E-mail" type="email" required />
              <TextField name="phone" label="Mobile phone" type="tel" required />
              <PasswordField
                name="password"
                label="Password"
                hint="Password must contain at least 8 characters"
              />
              <PasswordField name="passwordConfirm" label="Repeat password" />
              <CheckboxField name="consent_personal_data" label="I agree" required />
              <CheckboxField name="consent_marketing" label="News" />
              <SubmitButton>Send</SubmitButton>
            </form>
          )}
        />
      </FluentProvider>
    </I18nextProvider>
  );
}

describe('field adapters', () => {
  beforeAll(() => {
    // Fluent's MessageBar measures itself; jsdom has no ResizeObserver
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('show the validation messages after a submit attempt and do not submit', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/E-mail/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(screen.getAllByText('Required')).toHaveLength(4);
    expect(screen.getByText('Password must contain at least 8 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a refused submit brings the first invalid field into view and focus', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<Harness onSubmit={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    // the e-mail is fine: the first invalid field is the phone
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Mobile phone/)));
    expect(scrollTo).toHaveBeenCalled();
  });

  it('hand the values on, show server errors on their field and the form', async () => {
    const onSubmit = vi.fn(() => ({ email: 'Taken.', [FORM_ERROR]: 'Network error: offline' }));
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Mobile phone/), '+49 151 23456789');
    await userEvent.type(screen.getByLabelText('Password'), 'Abcdefg1');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'Abcdefg1');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      phone: '+49 151 23456789',
      password: 'Abcdefg1',
      passwordConfirm: 'Abcdefg1',
      consent_personal_data: true,
    });
    expect(screen.getByText('Taken.')).toBeTruthy();
    expect(screen.getByText('Network error: offline').closest('[role="alert"]')).toBeTruthy();
    // the input is kept
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ada@example.com');
    // editing the field clears its server error
    await userEvent.type(screen.getByLabelText(/E-mail/), 'x');
    expect(screen.queryByText('Taken.')).toBeNull();
  });

  it('the password field can show what was typed', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(input.type).toBe('text');
    expect(screen.getAllByRole('button', { name: 'Hide password' })).toHaveLength(1);
  });
});
