// The addresses `npm start` and `npm run preview` print, from a machine's network interfaces.
import type { networkInterfaces } from 'node:os';
import { addressLines, networkAddresses, reachableAt } from './networkAddresses';

type Interfaces = ReturnType<typeof networkInterfaces>;

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({
  address,
  family,
  internal,
  netmask: family === 'IPv4' ? '255.255.255.0' : 'ffff:ffff:ffff:ffff::',
  mac: '00:00:00:00:00:00',
  cidr: null,
  ...(family === 'IPv6' ? { scopeid: 0 } : {}),
});

describe('networkAddresses', () => {
  it('lists the IPv4 addresses other devices reach: not loopback, not IPv6, each once', () => {
    const interfaces = {
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      eth0: [entry('192.168.1.23', 'IPv4'), entry('fe80::1', 'IPv6')],
      wlan0: [entry('10.0.0.7', 'IPv4'), entry('192.168.1.23', 'IPv4')],
    } as Interfaces;
    expect(networkAddresses(interfaces)).toEqual(['192.168.1.23', '10.0.0.7']);
    expect(networkAddresses({ lo: [entry('127.0.0.1', 'IPv4', true)] } as Interfaces)).toEqual([]);
  });
});

describe('addressLines', () => {
  it('prints localhost and each network address, then a QR code of the first', async () => {
    const text = await addressLines('Preview', reachableAt(4100, ['192.168.1.23', '10.0.0.7']), {
      publicOrigin: 'https://demo.example',
    });
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Preview:',
      '  Local:   http://localhost:4100/',
      '  Network: http://192.168.1.23:4100/',
      '  Network: http://10.0.0.7:4100/',
      '  Public:  https://demo.example/',
    ]);
    const scan = lines.indexOf(
      'Scan to open http://192.168.1.23:4100/ on a phone on the same network:',
    );
    expect(scan).toBeGreaterThan(4);
    // The code: rows of half blocks (two modules a character), a square at least 21 modules wide.
    const rows = lines.slice(scan + 1).filter((line) => /[▀▄█]/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(11);
  });

  it('prints no code without a network address, or when asked for none', async () => {
    const alone = await addressLines('Preview', reachableAt(4100, []));
    expect(alone).toContain('no network address');
    expect(alone).not.toMatch(/Scan|[▀▄█]/);
    const quiet = await addressLines('Preview', reachableAt(4100, ['10.0.0.7']), { qr: false });
    expect(quiet).toContain('  Network: http://10.0.0.7:4100/');
    expect(quiet).not.toMatch(/Scan|[▀▄█]/);
  });
});
