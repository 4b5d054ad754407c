import { fakeApiClient } from '@portal/shared/testing/react';

type Answer = (variables: Record<string, unknown>) => unknown;

/**
 * The real portal client with graphcache, the api faked at its boundaries (`fakeApiClient`, which
 * also reads a multipart body's `operations`); `sent(name)` lists the operations of that name.
 */
export function supportClient(answers: Record<string, Answer>) {
  const api = fakeApiClient(answers);
  // biome-ignore lint/suspicious/noExplicitAny: tests read the sent variables freely, as parsed JSON
  const sent = (name: string): any[] => api.sent().filter((body) => body.operationName === name);
  return { ...api, sent };
}
