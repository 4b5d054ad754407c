import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/renderPage';
import { supportClient } from '../test/supportClient';
import SupportPage from './SupportPage';

const LIMITS = {
  data: {
    __typename: 'Query',
    supportLimits: {
      __typename: 'SupportLimits',
      maxFileBytes: 10_000_000,
      maxTotalBytes: 25_000_000,
      maxFiles: 5,
      maxSubjectLength: 200,
      maxBodyLength: 10_000,
      allowedExtensions: ['png', 'pdf', 'txt', 'log'],
    },
  },
};
const EMPTY = {
  data: {
    __typename: 'Query',
    supportMessages: {
      __typename: 'SupportMessagePage',
      items: [],
      totalCount: 0,
      hasNextPage: false,
      endCursor: null,
    },
  },
};

async function sendRefusedWith(code: string) {
  const api = supportClient({
    SupportMessages: () => EMPTY,
    SupportLimits: () => LIMITS,
    SendSupportMessage: () => ({
      data: null,
      errors: [{ message: 'The api’s English refusal.', extensions: { code, field: 'attachments' } }],
    }),
  });
  const { user } = renderPage(<SupportPage />, { path: '/support', graphql: api.client });
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  const dialog = await screen.findByRole('dialog', { name: 'New message to support' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'Logs');
  await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'See the log.');
  await user.upload(
    within(dialog).getByTestId('support-files'),
    new File(['x'], 'app.log', { type: 'text/plain' }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return dialog;
}

describe('send dialog: the attachment quotas', () => {
  it('says the workspace storage quota is reached and what to do', async () => {
    const dialog = await sendRefusedWith('STORAGE_QUOTA_EXCEEDED');
    expect(
      await within(dialog).findByText(
        "These attachments would take this workspace's support attachments over its storage quota. Send the message without them, or ask support in a message to raise the quota.",
      ),
    ).toBeTruthy();
  });

  it('says the hourly uploads are used up and what to do', async () => {
    const dialog = await sendRefusedWith('UPLOAD_RATE_LIMITED');
    expect(
      await within(dialog).findByText(
        'You have uploaded the most files one user may in an hour. Send the message without attachments, or try again later.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText('The api’s English refusal.')).toBeNull();
  });
});
