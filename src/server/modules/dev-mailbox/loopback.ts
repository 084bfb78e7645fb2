import { isIP } from 'node:net';

/** Whether a socket's peer address is this machine (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** Whether listening on `host` keeps the server to this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** The warning for a development or test server that others can reach, or undefined. */
export function exposedServerWarning(env: string, host: string): string | undefined {
  if (env === 'production' || isLoopbackHost(host)) return undefined;
  return (
    `A ${env} server listens on ${host}, beyond this machine: its demo accounts are public. ` +
    'Use NODE_ENV=production for a real site (the development mailbox still answers only this machine).'
  );
}
