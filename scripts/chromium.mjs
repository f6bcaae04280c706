// Debian's Chromium, as every browser run here starts it (e2e, bench, Lighthouse). Nothing may
// download a browser on these machines; without the background-networking flags Chromium keeps
// trying to reach Google's hosts, which the closed network refuses.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
