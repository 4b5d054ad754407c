import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { captureLogs, testConfig } from '../test/helpers.js';

/** One GET on its own connection; the status, or the error's code when the connection broke. */
function get(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('shutdown with the default settings (one process, no balancer)', () => {
  it('answers every request sent just before the shutdown began', async () => {
    const { logger } = captureLogs();
    const server = await startServer(testConfig({ PORT: '0' }), logger);
    let closed: Promise<void> | undefined;
    try {
      // the requests are on their way (connections opening) when the shutdown starts
      const answers = Array.from({ length: 10 }, () => get(`${server.url}/remotes.json`));
      closed = server.close();
      expect(await Promise.all(answers)).toEqual(Array(10).fill(200));
    } finally {
      await (closed ?? server.close());
    }
  });
});
