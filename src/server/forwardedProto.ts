// The scheme a request came over, as this server believes it: its own TLS, or X-Forwarded-Proto
// as the proxies TRUST_PROXY names wrote it. Express reads the header's first entry whenever it
// trusts the nearest hop, but a proxy that appends (as X-Forwarded-For is appended to) leaves the
// client's own words first: `X-Forwarded-Proto: https` sent over plain HTTP would read as HTTPS.
import type { TLSSocket } from 'node:tls';
import type { Request } from 'express';

/** Express's compiled `trust proxy` (proxy-addr's): whether the hop'th address is a proxy of ours. */
type Trust = (address: string, hop: number) => boolean;

const entries = (header: string | undefined) =>
  header === undefined ? [] : header.split(',').map((entry) => entry.trim().toLowerCase());

/**
 * How many proxies of ours the request passed, counted from this server outwards as Express
 * counts them for `req.ip`: this connection's peer, then X-Forwarded-For's addresses from the
 * last, each while the trust setting takes it.
 */
function trustedHops(req: Request): number {
  const trust = req.app.get('trust proxy fn') as Trust;
  const hops = [req.socket.remoteAddress ?? '', ...entries(req.get('x-forwarded-for')).reverse()];
  let trusted = 0;
  while (trusted < hops.length && trust(hops[trusted]!, trusted)) trusted += 1;
  return trusted;
}

/**
 * `https` or `http`. Each proxy of ours wrote one X-Forwarded-Proto entry, the nearest the last:
 * the entry the outermost of them wrote, which says how the client reached it, is the one that
 * many from the end. Fewer entries than proxies means one of them replaced the header (nginx's
 * `proxy_set_header X-Forwarded-Proto $scheme` does): then every entry is a proxy's, and the
 * first is the outermost's. Entries before it are the client's, and count for nothing.
 */
export function requestProtocol(req: Request): 'https' | 'http' {
  if ((req.socket as Partial<TLSSocket>).encrypted) return 'https';
  const trusted = trustedHops(req);
  if (trusted === 0) return 'http';
  const protos = entries(req.get('x-forwarded-proto'));
  if (protos.length === 0) return 'http';
  return protos[Math.max(0, protos.length - trusted)] === 'https' ? 'https' : 'http';
}
