import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/renderPage';
import { supportClient } from '../test/supportClient';
import SupportPage from './SupportPage';

const summary = (n: number, fields: Record<string, unknown> = {}) => ({
  __typename: 'SupportMessageSummary',
  uid: `m-${n}`,
  threadUid: `t-${n}`,
  author: 'SUPPORT',
  from: 'Portal Cloud Support',
  subject: `Subject ${n}`,
  excerpt: `Excerpt ${n}`,
  createdAt: '2026-03-05T14:30:00.000Z',
  unread: false,
  attachmentCount: 0,
  ...fields,
});

const page = (items: object[], more = false) => ({
  data: {
    __typename: 'Query',
    supportMessages: {
      __typename: 'SupportMessagePage',
      items,
      totalCount: items.length + (more ? 25 : 0),
      hasNextPage: more,
      endCursor: more ? 'm-last' : null,
    },
  },
});

const thread = (
  unreadCount: number,
  body = '<p>Hello <img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a></p>',
) => ({
  data: {
    __typename: 'Query',
    supportThread: {
      __typename: 'SupportThread',
      uid: 't-1',
      contractUid: 'C-1',
      workspaceName: 'Workspace C-1',
      subject: 'Subject 1',
      instanceUid: null,
      instanceName: null,
      invoiceUid: null,
      invoiceNumber: null,
      unreadCount,
      messages: [
        {
          __typename: 'SupportMessage',
          uid: 'm-0',
          author: 'CUSTOMER',
          from: 'Demo Customer',
          body: 'My <b>question</b>',
          createdAt: '2026-03-05T14:00:00.000Z',
          unread: false,
          attachments: [
            {
              __typename: 'SupportAttachment',
              uid: 'a-1',
              name: 'syslog.log',
              size: 1500,
              contentType: 'text/plain',
              url: '/api/support/attachments/a-1',
            },
          ],
        },
        {
          __typename: 'SupportMessage',
          uid: 'm-1',
          author: 'SUPPORT',
          from: 'Portal Cloud Support',
          body,
          createdAt: '2026-03-05T14:30:00.000Z',
          unread: unreadCount > 0,
          attachments: [],
        },
      ],
    },
  },
});

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

describe('SupportPage', () => {
  it('lists the Inbox with From, Subject and the date in the user format, unread marked, and says 24x7', async () => {
    const api = supportClient({
      SupportMessages: (v) =>
        page(
          v.folder === 'INBOX'
            ? [summary(1, { unread: true }), summary(2)]
            : [summary(3, { author: 'CUSTOMER' })],
        ),
      SupportLimits: () => LIMITS,
    });
    const { user, location } = renderPage(<SupportPage />, { path: '/support', graphql: api.client });
    expect(await screen.findByText('Our support team is available 24x7.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Inbox' });
    expect(within(table).getByRole('columnheader', { name: 'From' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Subject' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: /^Unread: Subject 1/ })).toBeTruthy();
    expect(within(table).getByRole('button', { name: /^Subject 2/ })).toBeTruthy();
    expect(within(table).getAllByText('05.03.2026 14:30')).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    expect(location()).toBe('/support?folder=sent');
    expect(await screen.findByRole('button', { name: /^Subject 3/ })).toBeTruthy();
  });

  it('opens a thread: answers sanitised, attachments listed, unread answers marked read', async () => {
    const api = supportClient({
      SupportMessages: () => page([summary(1, { unread: true })]),
      SupportLimits: () => LIMITS,
      SupportThread: () => thread(1),
      MarkSupportThreadRead: () => ({
        data: { __typename: 'Mutation', markSupportThreadRead: thread(0).data.supportThread },
      }),
    });
    renderPage(<SupportPage />, { path: '/support?thread=t-1', graphql: api.client });
    const article = await screen.findByRole('article', { name: 'Subject 1' });
    expect(within(article).getByText('My <b>question</b>')).toBeTruthy();
    expect(
      within(article).getByRole('link', { name: 'Download syslog.log, 1.5 KB' }).getAttribute('href'),
    ).toBe('/api/support/attachments/a-1');
    const answer = within(article).getByTestId('support-answer');
    expect(answer.querySelector('img')).toBeNull();
    expect(answer.querySelector('[onerror]')).toBeNull();
    expect(answer.querySelector('a')?.getAttribute('href')).toBeNull();
    await waitFor(() => expect(api.sent('MarkSupportThreadRead')).toHaveLength(1));
    expect(api.sent('MarkSupportThreadRead')[0].variables).toEqual({ uid: 't-1' });
  });

  it('refetches the list when the workspace says its support threads changed', async () => {
    let items = [summary(1)];
    const api = supportClient({ SupportMessages: () => page(items), SupportLimits: () => LIMITS });
    renderPage(<SupportPage />, { path: '/support', graphql: api.client });
    await screen.findByRole('button', { name: /^Subject 1/ });
    await waitFor(() => expect(api.subscribed()).toBe(true));
    items = [summary(9, { unread: true, subject: 'A new answer' }), summary(1)];
    api.push('supportChanged', { __typename: 'SupportChange', contractUid: 'C-1', threadUid: 't-9' });
    await waitFor(() => expect(api.sent('SupportMessages').length).toBeGreaterThan(1));
    expect(await screen.findByRole('button', { name: /^Unread: A new answer/ })).toBeTruthy();
  });

  it('send dialog: Required, the limits stated, an oversized file refused with the text kept', async () => {
    const api = supportClient({ SupportMessages: () => page([]), SupportLimits: () => LIMITS });
    const { user } = renderPage(<SupportPage />, { path: '/support', graphql: api.client });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message to support' });
    expect(
      within(dialog).getByText(
        'Up to 5 files, 10 MB each and 25 MB in total: images (PNG, JPEG, GIF, WebP), PDF, text and log files.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Typed text');
    const big = new File(['x'], 'core.log', { type: 'text/plain' });
    Object.defineProperty(big, 'size', { value: 10_000_001 });
    await user.upload(within(dialog).getByTestId('support-files'), big);
    expect(
      await within(dialog).findByText('"core.log" is larger than 10 MB, the limit per file.'),
    ).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe(
      'Typed text',
    );
    expect(api.sent('SendSupportMessage')).toHaveLength(0);
  });
});
