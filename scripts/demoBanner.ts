// What `npm start` and `npm run preview` print once the demo is up, as the last thing they print
// (webpack's build output comes before it), so it stays on screen: what is served where, the
// secrets a tester uses, where to open it (the addresses and a QR code of the first network one)
// and the demo profiles.
import { operatorNotice } from '../mock-api/sharedDemo/operator';
import { paths } from '../src/config/paths';
import { addressLines, reachableAt } from './networkAddresses';

export interface DemoBannerFacts {
  /** What the command serves, and where (a line above the rest). */
  serves: string;
  /** The addresses' heading. */
  name: string;
  /** The port it listens on. */
  port: number;
  /** The configured public origin, if any. */
  publicOrigin?: string;
  secrets: { operatorSecret: string; emulatorSecretKey: string };
  /** The mock API's demo profiles (its seed's `demoProfiles`). */
  profiles: readonly { id: string; shows: string }[];
}

export async function demoBanner(facts: DemoBannerFacts): Promise<string> {
  const at = reachableAt(facts.port);
  const origin = at.local.replace(/\/$/, '');
  const lines = [
    facts.serves,
    operatorNotice(facts.secrets),
    // A CI log has no phone to scan with.
    await addressLines(facts.name, at, { publicOrigin: facts.publicOrigin, qr: !process.env.CI }),
    '',
    'Demo profiles:',
  ];
  for (const { id, shows } of facts.profiles) {
    lines.push(`  ${origin}${paths.profile.href(id)}`, `      ${shows}`);
  }
  return lines.join('\n');
}
