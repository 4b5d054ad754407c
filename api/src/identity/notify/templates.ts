import type { MailMessage, SmsMessage } from './types.js';

/** allauth's "[site] " subject prefix. */
const PREFIX = '[Portal] ';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mail(to: string, subject: string, paragraphs: string[], link?: string): MailMessage {
  const text = [...paragraphs, ...(link ? [link] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
  ].join('\n');
  return { to, subject: PREFIX + subject, text, html };
}

export const emailConfirmationMail = (to: string, link: string) =>
  mail(
    to,
    'Please Confirm Your Email Address',
    [
      `You're receiving this email because this address was used to register an account.`,
      'To confirm this is correct, go to the link below (it is valid for 3 days):',
    ],
    link,
  );

/** Sent to the new address of an e-mail change; following the link makes it the login. */
export const emailChangeMail = (to: string, link: string) =>
  mail(
    to,
    'Please Confirm Your Email Address',
    [
      `You're receiving this email because this address was entered as the new email address of an account.`,
      'To confirm this is correct, go to the link below (it is valid for 3 days):',
    ],
    link,
  );

/** Sent instead of a confirmation when someone signs up with a taken address (no enumeration). */
export const accountAlreadyExistsMail = (to: string, resetLink: string) =>
  mail(
    to,
    'Account Already Exists',
    [
      'You are receiving this email because you, or someone else, tried to sign up for an account using this email address, which already has an account.',
      'If you forgot your password, you can reset it here:',
    ],
    resetLink,
  );

export const passwordResetMail = (to: string, link: string) =>
  mail(
    to,
    'Password Reset Email',
    [
      'You are receiving this email because you, or someone else, requested a password for your account.',
      'It can be safely ignored if you did not request a password reset. Go to the link below to reset your password:',
    ],
    link,
  );

export const unknownAccountMail = (to: string) =>
  mail(to, 'Unknown Account', [
    'You are receiving this email because you, or someone else, asked for a password reset or a sign-in code with this address.',
    'However, we do not have any record of a user with this email address in our database. If you did not ask for this, you can safely ignore this email.',
  ]);

export const loginCodeMail = (to: string, code: string) =>
  mail(to, 'Sign-In Code', [
    'Your sign-in code is listed below. Please enter it in your open browser window.',
    code,
    'It can be safely ignored if you did not request it.',
  ]);

export const phoneVerificationSms = (to: string, code: string): SmsMessage => ({
  to,
  text: `Your portal registration code is ${code}. It is valid for 15 minutes.`,
});
