import type { Client } from '@urql/core';
import { createContext, useContext } from 'react';
import type { IdentityApi } from '../identity/api';
import type { AuthResponseBody, IdentityConfig } from '../identity/types';
import type { PortalMe } from '../me/meStore';
import type { RuntimeConfig } from '../runtime/runtimeConfig';
import type { ConfirmFn } from '../ui/confirmStore';
import type { PortalWorkspace, WorkspaceStatus } from '../workspace/workspaceStore';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  type: NotificationType;
  message: string;
  /** milliseconds; the spec's default is 2000 */
  timeout?: number;
}

/** What the shell knows of the session after start-up (spec section 4). */
export interface SessionState {
  /** false until the first session call answered (or failed) */
  loaded: boolean;
  isAuthenticated: boolean;
  /** the last identity answer, as allauth sent it; null if it could not be loaded */
  auth: AuthResponseBody | null;
  config: IdentityConfig | null;
}

export interface UserPreferences {
  timezone: string;
  dateFormat: 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD.MM.YYYY';
  timeFormat: '24h' | '12h';
}

/**
 * The contract between the host and its remotes. The host provides it; remotes read it with
 * `usePortal()` and change session or workspace state only through it. Adding a member is a minor
 * change of CONTRACT_VERSION, changing or removing one a major.
 */
export interface PortalContextValue {
  contractVersion: string;
  session: SessionState;
  /** the identity (allauth headless) calls; session changes they cause reach the host by event */
  identity: IdentityApi;
  /** deployment settings read at start-up from /runtime-config.json */
  runtimeConfig: RuntimeConfig;
  /** navigate inside the portal (a path starting with one slash) */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  notify: (notification: Notification) => void;
  /** copy text to the clipboard and tell the user how it went */
  copy: (text: string) => Promise<boolean>;
  /**
   * How the user wants dates and times shown (from `me`; the browser's timezone, `YYYY-MM-DD` and
   * `24h` until it answered). `useDateFormat()` applies them.
   */
  preferences: UserPreferences;
  /** route feature flags (from `me.env.profiles`): a hidden flag hides its routes and drawer items */
  featureFlags: Readonly<Record<string, boolean>>;

  // Added in 1.1.0: the GraphQL client and the workspaces (spec sections 3, 4, 7, 8).

  /**
   * The portal's urql client (also provided with urql's `<Provider>`, so `useQuery` and friends
   * work in every page). A new client, with an empty cache, comes with every change of user.
   */
  graphql: Client;
  /**
   * The current workspace, with the client's `activeEmployeeUid` and `logo`; null while signed
   * out, while loading, or when the user has none.
   */
  workspace: PortalWorkspace | null;
  /** the user's workspaces, sorted by account name */
  workspaces: readonly PortalWorkspace[];
  /** 'idle' (signed out), 'loading', 'loaded', or 'error' (the list could not be loaded) */
  workspacesStatus: WorkspaceStatus;
  /**
   * Makes one of the user's workspaces current (and remembers it); on a workspace page the URL
   * follows (same page, the new contractUid). False for a contractUid that is not the user's.
   */
  setWorkspace: (contractUid: string) => boolean;
  /** Acts as another employee of the current workspace; false for anyone else (spec section 5). */
  setActiveEmployee: (employeeUid: string) => boolean;
  /**
   * Loads workspaces again: with a contractUid that one (replacing it, its active employee kept),
   * without one the whole list (after joining or leaving a workspace). Resolves when done.
   */
  refetch: (contractUid?: string) => Promise<void>;

  // Added in 1.1.0 too: the confirm dialog and the app bar's custom title (spec sections 4, 8).

  /**
   * Asks the user with the portal's one confirm dialog (spec section 8: 'Confirm?', 'Cancel',
   * 'Confirm', persistent, text as sanitised HTML); true if they confirmed. With `action`, Confirm
   * runs it with the button loading. Requests made while one is open wait their turn.
   */
  confirm: ConfirmFn;
  /**
   * The app bar's custom title (spec section 4, "custom navbar title") instead of the route's
   * title; null goes back to the route's. It holds for the path it was set on: leaving that path
   * drops it, so a page need not clean up.
   */
  setTitle: (title: string | null) => void;
  /** The signed-in user, every field of `me` (spec section 3); null while signed out or loading. */
  me: PortalMe | null;
}

export const PortalContext = createContext<PortalContextValue | null>(null);

export function usePortal(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal() needs a PortalContext provider (the host or the dev shell)');
  return value;
}
