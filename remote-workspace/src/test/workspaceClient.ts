// The real portal client with the api faked at its boundaries (shared test harness).
export { fakeApiClient as workspaceClient } from '@portal/shared/testing/react';
