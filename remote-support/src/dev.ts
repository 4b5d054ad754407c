// Stand-alone development entry (pnpm --filter @portal/remote-support dev); the async boundary
// lets the federation runtime negotiate shared modules first.
void import('./devBootstrap');
