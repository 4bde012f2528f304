/** Debian's Chromium, run headless as root on a closed network (see README and STACK.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
