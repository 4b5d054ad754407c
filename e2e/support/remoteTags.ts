import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

/** The tags of the suites: the remotes a test crosses, and `@shell` for the host. */
export const REMOTE_TAGS = ['@auth', '@workspace', '@billing', '@compute', '@support', '@shell'] as const;

/** The remote tags of a test (from its title or its `tag` option). */
export function remoteTagsOf(tags: readonly string[]): string[] {
  return tags.filter((tag) => (REMOTE_TAGS as readonly string[]).includes(tag));
}

/**
 * Fails the run when a test carries none of the remote tags, naming it, so `--grep @billing` keeps
 * running every suite that touches billing as tests are added. (Whether the tags are complete is
 * checked by the `remoteAudit` fixture: `E2E_TAG_AUDIT=1`.)
 */
export default class RemoteTagCheck implements Reporter {
  private untagged: TestCase[] = [];
  /** skip reason → how many tests (shown at the end: a run against a deployment skips suites) */
  private skipped = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason = test.annotations.find((a) => a.type === 'skip')?.description ?? 'skipped';
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + 1);
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.untagged = suite.allTests().filter((test) => remoteTagsOf(test.tags).length === 0);
    if (this.untagged.length) console.error(this.message());
  }

  private message(): string {
    return [
      `${this.untagged.length} test(s) carry no remote tag (${REMOTE_TAGS.join(' ')}); add the remotes each crosses to its title:`,
      ...this.untagged.map(
        (t) => `  ${t.location.file.replace(/.*\/tests\//, 'tests/')}:${t.location.line} ${t.title}`,
      ),
    ].join('\n');
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    for (const [reason, count] of this.skipped) console.log(`  skipped ${count}: ${reason}`);
    if (this.untagged.length === 0) return undefined;
    console.error(this.message());
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }

  printsToStdio(): boolean {
    return false;
  }
}
