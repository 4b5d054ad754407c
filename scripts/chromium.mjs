// Debian's Chromium, how the e2e suites and the bench launch it: browsers cannot be downloaded on
// these machines, and without the background-networking flags Chromium keeps dialling out.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
