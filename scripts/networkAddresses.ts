// Where the demo can be reached, printed by `npm start` and `npm run preview`: localhost, each of
// this machine's network addresses, and a QR code of the first, so a phone on the same network
// opens the demo in one scan. (Pages work at any of them: the demo names its media by path.)
import { networkInterfaces } from 'node:os';
import QRCode from 'qrcode';

type Interfaces = ReturnType<typeof networkInterfaces>;

/** This machine's IPv4 addresses other devices can reach (not loopback), in the system's order. */
export function networkAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const addresses: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      // Node 18.0 to 18.3 gave the family as a number.
      const ipv4 = entry.family === 'IPv4' || (entry.family as unknown) === 4;
      if (ipv4 && !entry.internal && !addresses.includes(entry.address)) {
        addresses.push(entry.address);
      }
    }
  }
  return addresses;
}

export interface ReachableAt {
  /** `http://localhost:<port>/`. */
  local: string;
  /** `http://<address>:<port>/` for each network address. */
  network: string[];
}

export function reachableAt(port: number, addresses = networkAddresses()): ReachableAt {
  return {
    local: `http://localhost:${port}/`,
    network: addresses.map((address) => `http://${address}:${port}/`),
  };
}

/**
 * What to print: the addresses, one a line and labelled, then a QR code of the first network one
 * (none when the machine has no network address, or with `qr: false`: a CI log has no phone).
 * `publicOrigin` is the configured one, if any.
 */
export async function addressLines(
  name: string,
  at: ReachableAt,
  options: { publicOrigin?: string; qr?: boolean } = {},
): Promise<string> {
  const { publicOrigin, qr = true } = options;
  const lines = [`${name}:`, `  Local:   ${at.local}`];
  for (const url of at.network) lines.push(`  Network: ${url}`);
  if (publicOrigin) lines.push(`  Public:  ${publicOrigin}/`);
  const first = at.network[0];
  if (first === undefined) {
    lines.push('  (no network address: reachable from this machine only)');
    return lines.join('\n');
  }
  if (!qr) return lines.join('\n');
  const code = await QRCode.toString(first, { type: 'terminal', small: true });
  lines.push(`\nScan to open ${first} on a phone on the same network:`, code);
  return lines.join('\n');
}
