import { NEXT_COOKIE, readNextPath } from '@portal/shared';
import { screen } from '@testing-library/react';
import {
  CombinedError,
  type GraphQLRequest,
  type Operation,
  type OperationContext,
  type OperationResult,
} from '@urql/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { concat, fromValue, never } from 'wonka';
import { readLoginHint } from '../common/loginHint';
import type { AcceptInvitationMutation, InvitationQuery } from '../gql/graphql';
import { fakeIdentity, renderPage } from '../test/renderPage';
import InvitationPage from './InvitationPage';

const route = '/invitation/:key';
const path = '/invitation/key-1';

type Invitation = NonNullable<InvitationQuery['invitation']>;
const VALID: Invitation = {
  workspaceName: 'Nimbus Labs',
  invitedBy: 'Grace Hopper',
  email: 'ada@example.com',
  role: 'Billing',
  status: 'VALID',
  expiresAt: '2030-01-31T12:00:00.000Z',
};
const JOINED: AcceptInvitationMutation = {
  acceptInvitation: { employeeUid: 'e-9', workspace: { contractUid: 'C-42', workspaceName: 'Nimbus Labs' } },
};

const answer = (request: GraphQLRequest, fields: Partial<OperationResult>): OperationResult => ({
  operation: request as Operation,
  stale: false,
  hasNext: false,
  data: undefined,
  ...fields,
});
const graphqlError = (message: string) => new CombinedError({ graphQLErrors: [{ message }] });

/** urql's client faked at the boundary: the invitation query and the accept mutation. */
function fakeClient(
  invitation: Partial<OperationResult> | 'pending',
  accepted: Partial<OperationResult> = { data: JOINED },
) {
  return {
    executeQuery: vi.fn((request: GraphQLRequest, _context?: Partial<OperationContext>) =>
      // a query's source stays open, as a real client's does (it keeps watching the cache)
      invitation === 'pending' ? never : concat([fromValue(answer(request, invitation)), never]),
    ),
    executeMutation: vi.fn((request: GraphQLRequest, _context?: Partial<OperationContext>) =>
      fromValue(answer(request, accepted)),
    ),
  };
}

const signedInAs = (email: string) => ({
  isAuthenticated: true,
  auth: {
    status: 200,
    data: { user: { id: 1, display: 'Ada', email, has_usable_password: true } },
    meta: { is_authenticated: true },
  },
});

describe('InvitationPage', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
    document.cookie = `${NEXT_COOKIE}=; Max-Age=0; Path=/`;
  });

  it('asks for the invitation of the key in the path, keeping its errors to itself', async () => {
    const graphql = fakeClient({ data: { invitation: VALID } });
    renderPage(<InvitationPage />, { path, route, graphql });
    await screen.findByText('Grace Hopper invited you to join the workspace Nimbus Labs.');
    const [request, context] = graphql.executeQuery.mock.calls[0]!;
    expect(request.variables).toEqual({ key: 'key-1' });
    expect(context).toMatchObject({ portalNotify: false, requestPolicy: 'network-only' });
  });

  it('shows the workspace, who invited, the invited e-mail, the role and the state', async () => {
    renderPage(<InvitationPage />, { path, route, graphql: fakeClient({ data: { invitation: VALID } }) });
    await screen.findByText('Grace Hopper invited you to join the workspace Nimbus Labs.');
    const shown = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(shown('Workspace')).toBe('Nimbus Labs');
    expect(shown('Invited by')).toBe('Grace Hopper');
    expect(shown('Invited e-mail')).toBe('ada@example.com');
    expect(shown('Role')).toBe('Billing');
    expect(shown('Status')).toBe('Open');
    expect(shown('Valid until')).toMatch(/2030/);
  });

  it('loading: a spinner', () => {
    renderPage(<InvitationPage />, { path, route, graphql: fakeClient('pending') });
    expect(screen.getByText('Loading the invitation…')).toBeTruthy();
  });

  it('an unknown key: says the link is not valid', async () => {
    renderPage(<InvitationPage />, { path, route, graphql: fakeClient({ data: { invitation: null } }) });
    expect(
      await screen.findByText(
        'This invitation link is not valid. Check the link or ask for a new invitation.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('expired: says so, and offers no way to accept', async () => {
    renderPage(<InvitationPage />, {
      path,
      route,
      ...signedInAs('ada@example.com'),
      graphql: fakeClient({ data: { invitation: { ...VALID, status: 'EXPIRED' } } }),
    });
    expect(
      await screen.findByText(
        'This invitation has expired. Ask the workspace administrator to send you a new one.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('already accepted: says so; signed in, a way into the portal', async () => {
    const { portal, user } = renderPage(<InvitationPage />, {
      path,
      route,
      ...signedInAs('ada@example.com'),
      graphql: fakeClient({ data: { invitation: { ...VALID, status: 'ACCEPTED' } } }),
    });
    expect(await screen.findByText('This invitation has already been accepted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to the portal' }));
    expect(portal.navigate).toHaveBeenCalledWith('/');
  });

  it('the invitation cannot be loaded: the reason and Try again', async () => {
    const graphql = fakeClient({ error: new CombinedError({ networkError: new Error('Failed to fetch') }) });
    const { user } = renderPage(<InvitationPage />, { path, route, graphql });
    expect(await screen.findByText('This invitation could not be loaded. Failed to fetch')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(graphql.executeQuery).toHaveBeenCalledTimes(2);
  });

  describe('signed out', () => {
    it.each([
      ['Log in', '/auth/login'],
      ['Sign up', '/auth/signup'],
    ])('%s saves the invitation as the post-login destination first', async (name, to) => {
      const { portal, user } = renderPage(<InvitationPage />, {
        path,
        route,
        graphql: fakeClient({ data: { invitation: VALID } }),
      });
      expect(
        await screen.findByText(
          'Log in or sign up with ada@example.com to accept the invitation. You will come back here afterwards.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
      await user.click(screen.getByRole('button', { name }));
      expect(readNextPath()).toBe('/invitation/key-1');
      expect(portal.navigate).toHaveBeenCalledWith(to);
    });
  });

  describe('signed in', () => {
    it('Accept: a confirmation, the host refetches the workspaces, and a button opens the workspace', async () => {
      const graphql = fakeClient({ data: { invitation: VALID } });
      const { portal, user } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('ada@example.com'),
        graphql,
      });
      await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
      // joining shares the user's contact data: they are asked first, the workspace's name escaped
      expect(portal.confirm).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Join this workspace?',
          text: 'You will join <strong>Nimbus Labs</strong> as Billing. Grace Hopper and the other administrators of the workspace will see your name, e-mail address and mobile number.',
          confirmText: 'Join',
        }),
      );
      const [request, context] = graphql.executeMutation.mock.calls[0]!;
      expect(request.variables).toEqual({ key: 'key-1' });
      expect(context).toMatchObject({ portalNotify: false });
      expect(await screen.findByText('You joined Nimbus Labs.')).toBeTruthy();
      expect(portal.refetch).toHaveBeenCalledWith();
      expect(portal.setWorkspace).toHaveBeenCalledWith('C-42');
      const open = screen.getByRole('button', { name: 'Open workspace' });
      await vi.waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
      await user.click(open);
      expect(portal.navigate).toHaveBeenCalledWith('/workspace/C-42');
    });

    it('a workspace name with markup goes into the confirmation as text, escaped', async () => {
      const hostile = { ...VALID, workspaceName: '<img src=x onerror=alert(1)>', invitedBy: 'Eve & Co' };
      const { portal, user } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('ada@example.com'),
        graphql: fakeClient({ data: { invitation: hostile } }),
      });
      await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
      expect(portal.confirm).toHaveBeenCalledWith(
        expect.objectContaining({
          text: 'You will join <strong>&lt;img src=x onerror=alert(1)&gt;</strong> as Billing. Eve &amp; Co and the other administrators of the workspace will see your name, e-mail address and mobile number.',
        }),
      );
    });

    it('cancelling the confirmation joins nothing', async () => {
      const graphql = fakeClient({ data: { invitation: VALID } });
      const { portal, user } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('ada@example.com'),
        graphql,
      });
      portal.confirm.mockResolvedValueOnce(false);
      await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
      expect(portal.confirm).toHaveBeenCalledTimes(1);
      expect(graphql.executeMutation).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    });

    it('logged in as another address: says so up front, offers no Accept but logging out to continue as the invited address', async () => {
      const graphql = fakeClient({ data: { invitation: VALID } });
      const { portal, user, identity } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('bob@example.com'),
        graphql,
        identity: fakeIdentity({ logout: { status: 401, meta: { is_authenticated: false } } }),
      });
      expect(
        await screen.findByText(
          'This invitation is for ada@example.com, but you are logged in as bob@example.com. Only ada@example.com can accept it: log out, then log in as ada@example.com.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Log out and continue as ada@example.com' }));
      expect(identity.logout).toHaveBeenCalledOnce();
      // back here after the next login, which starts with the invited address
      expect(readNextPath()).toBe('/invitation/key-1');
      expect(readLoginHint()).toBe('ada@example.com');
      expect(portal.confirm).not.toHaveBeenCalled();
      expect(graphql.executeMutation).not.toHaveBeenCalled();
      // the host navigates on the 401 (signed out): the page does not
      expect(portal.navigate).not.toHaveBeenCalled();
    });

    it('the same address in another case is the invited one: Accept', async () => {
      renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('Ada@Example.com'),
        graphql: fakeClient({ data: { invitation: VALID } }),
      });
      expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Log out and continue/ })).toBeNull();
    });

    it('logging out fails: the reason, and the button again', async () => {
      const { user } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('bob@example.com'),
        graphql: fakeClient({ data: { invitation: VALID } }),
        identity: fakeIdentity({
          logout: { status: 0, errors: [{ code: 'network_error', message: 'Network error: offline' }] },
        }),
      });
      await user.click(
        await screen.findByRole('button', { name: 'Log out and continue as ada@example.com' }),
      );
      expect(await screen.findByText('Network error: offline')).toBeTruthy();
      expect(
        screen
          .getByRole('button', { name: 'Log out and continue as ada@example.com' })
          .hasAttribute('disabled'),
      ).toBe(false);
    });

    it('a refusal is shown as the server says it, and Accept stays', async () => {
      const message =
        'This invitation was sent to ada@example.com. Log in with that e-mail address to accept it.';
      const { portal, user } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('ada@example.com'),
        graphql: fakeClient({ data: { invitation: VALID } }, { error: graphqlError(message) }),
      });
      await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeTruthy();
      expect(portal.refetch).not.toHaveBeenCalled();
    });

    it('expired meanwhile: the server’s message', async () => {
      const message = 'This invitation has expired. Ask the workspace administrator to send you a new one.';
      const { user } = renderPage(<InvitationPage />, {
        path,
        route,
        ...signedInAs('ada@example.com'),
        graphql: fakeClient({ data: { invitation: VALID } }, { error: graphqlError(message) }),
      });
      await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
      expect(await screen.findByText(message)).toBeTruthy();
    });
  });
});
