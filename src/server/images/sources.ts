// Where the image endpoint may fetch a picture from: only the configured media origins, never a
// loopback, private or link-local address reached by a name (the DNS answer is checked as the
// connection is made, so a name that later points inside is refused too), never a redirect
// outside those origins, and never more than a bounded number of bytes within a deadline.
// Never the endpoint itself, nor this site: a media origin may be the site's own (the demo, or an
// API whose media share the site's origin), and a resize that fetched /_img would hold a download
// slot while the nested request waited for another (issue 34: five levels deep, every slot held
// for 10 s). So the endpoint's path is refused in any spelling on every hop, the site's origin
// unless it is a media origin, and every fetch carries IMAGE_FETCH_HEADER, which this server
// refuses at once. A media address carries no query (unless the API signs its media URLs): a
// made-up `?v=1` would otherwise be one more cache entry and one more decode of the same picture.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { IMAGE_ROUTE } from '../../config/images';
import { HttpError } from '../errors';

/**
 * Sent on every fetch the image endpoint makes. This server refuses any request bearing it
 * (refuseImageFetches in serveImages.ts), before taking a slot: a fetch that reaches this same
 * server, by whatever name, never waits on it.
 */
export const IMAGE_FETCH_HEADER = 'x-grati-image-fetch';

export interface SourceLimits {
  /** Bytes a picture may have; a longer one is refused without reading the rest. */
  maxBytes: number;
  /** The whole fetch (connection, answer, body) must end within this. */
  timeoutMs: number;
  /** Redirects followed, each within the media origins. */
  maxRedirects: number;
}

export const SOURCE_LIMITS: SourceLimits = {
  // A guest may send up to 5 MB an image (the spec); a 48 MP phone photo is about 15.
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 3,
};

/** Resolves a host name to its addresses (node:dns's lookup, or a stand-in resolver). */
export type Resolve = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/** What a picture's address may be, on the first hop and every redirect. */
export interface SourcePolicy {
  /** The origins pictures may come from, as `URL.origin` writes them. */
  origins: readonly string[];
  /** The API's origin, on which a media path (`/media/a.jpg`) is taken; unset, no paths. */
  relativeTo?: string;
  /** The site's own origin (PUBLIC_ORIGIN): refused unless it is one of `origins`. */
  publicOrigin?: string;
  /** The API signs its media URLs (MEDIA_SIGNED_URLS=1): a query is kept, not refused. */
  signedUrls?: boolean;
}

export interface SourceOptions extends SourcePolicy {
  limits?: SourceLimits;
  /** Host name resolution (default: the system's, as every connection of this process). */
  resolve?: Resolve;
}

/** An address on the public internet (not loopback, private, link-local, multicast, reserved...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * Whether the operator named this origin by a local address (`localhost`, or a literal loopback
 * or private IP: the demo, or a media server beside this one). Only then may a connection reach a
 * non-public address; a name in the list must resolve to public ones.
 */
function namesLocalAddress(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || (ipaddr.isValid(host) && !isPublicAddress(host));
}

/** Origins written as `URL.origin` does (lower-case host, no default port, no trailing slash). */
export function normaliseOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => new URL(origin).origin);
}

const NOT_A_PICTURE_URL = 'url must be an absolute http or https address of a picture.';
const NOT_A_PICTURE_URL_OR_PATH =
  "url must be an absolute http or https address of a picture, or a path of the API's media.";

/** A path on the same origin (`/media/a.jpg`), not a protocol-relative address (`//host/a.jpg`). */
const isRootRelative = (raw: string) => /^\/(?![/\\])/.test(raw);

/** Percent-decoded once more, or as it is when it is not valid percent-encoding. */
function decodedOnce(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Whether a path is the image endpoint's in any spelling a server might route there: Express
 * matches routes case-insensitively with an optional trailing slash, and a proxy may decode
 * `%5F` or merge `//`; dot segments are resolved. Refusing a few harmless look-alikes is the
 * price of refusing every real one.
 */
export function isImageRoutePath(pathname: string): boolean {
  let path = pathname;
  for (let i = 0; i < 3; i += 1) path = decodedOnce(path);
  const segments: string[] = [];
  for (const segment of path.toLowerCase().split(/[/\\]+/)) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}` === IMAGE_ROUTE;
}

/** RFC 3986's unreserved characters: an escape of one names the same thing as the character. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * `part` (a path or a query) as every origin must read it (RFC 3986 6.2.2): an escape of an
 * unreserved character decoded (`%61` is `a`), the others' hex in upper case (`%2f` is `%2F`).
 */
function normaliseEscapes(part: string): string {
  return part.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}

/**
 * The address as any origin reads it: the URL parser has lower-cased the scheme and host, dropped
 * a default port and resolved dot segments (`%2e` too); the escapes are normalised here. Two
 * spellings with one canonical address are one picture on every server, so they share one
 * download and one cache entry (`/media/%61.png` is `/media/a.png`).
 */
export function canonicalSource(url: URL): URL {
  const canonical = new URL(url.href);
  canonical.pathname = normaliseEscapes(url.pathname);
  if (url.search !== '') canonical.search = normaliseEscapes(url.search);
  return canonical;
}

/**
 * What spellings of one picture have in common even where origins differ: its canonical address
 * with the path fully decoded, in lower case, and runs of slashes merged. Whether `/MEDIA/a.png`
 * or `/media//a.png` is `/media/a.png` is the origin's business (Express mounts ignore case,
 * nginx merges slashes, S3 keys do neither), so such spellings are fetched as written, but they
 * count as one picture against the endpoint's slots (serveImages.ts).
 */
export function pictureGroup(url: URL): string {
  let path = url.pathname;
  for (let i = 0; i < 3; i += 1) path = decodedOnce(path);
  return `${url.origin}${path.toLowerCase().replace(/[/\\]+/g, '/')}${url.search}`;
}

/**
 * Refuses an address the endpoint must never fetch, on the first hop as on a redirect's: its own
 * route (a 400: the request would wait on itself), an origin outside the media origins (403, the
 * site's own with a message of its own), credentials (400).
 */
function checkHop(url: URL, policy: SourcePolicy, hop: 'url' | 'redirect'): void {
  if (url.username || url.password) {
    throw new HttpError(
      400,
      `${hop === 'url' ? 'url' : 'A redirect'} must not carry a user name or password.`,
    );
  }
  if (isImageRoutePath(url.pathname)) {
    throw new HttpError(
      400,
      hop === 'url'
        ? 'url names the image endpoint itself; give the address of the picture.'
        : 'url redirects to the image endpoint itself.',
    );
  }
  if (!policy.origins.includes(url.origin)) {
    if (url.origin === policy.publicOrigin) {
      throw new HttpError(403, "url is this site's own address, not one of its media origins.");
    }
    throw new HttpError(
      403,
      hop === 'url'
        ? 'url is not a picture of the media origins this server shows.'
        : 'url redirects outside the media origins this server shows.',
    );
  }
}

/**
 * The picture's address, if it is one of the media origins': a 400 for an address that is not
 * http(s), carries credentials, names the endpoint itself or carries a query (unless the API
 * signs its media URLs), a 403 for one outside the origins. A fragment is dropped (it never
 * reaches the origin), and the escapes are written as every origin reads them (canonicalSource).
 * A path (`/media/a.jpg`, as an API that names its media relative to itself
 * answers) is taken on `relativeTo`, the API's own origin, when the policy has one, and is then
 * held to the origins like any address. Nothing is connected to.
 */
export function mediaSource(raw: string, policy: SourcePolicy): URL {
  const { relativeTo } = policy;
  let url: URL;
  if (relativeTo !== undefined && isRootRelative(raw)) {
    const base = new URL(relativeTo);
    try {
      url = new URL(raw, base);
    } catch {
      throw new HttpError(400, NOT_A_PICTURE_URL_OR_PATH);
    }
    // A path stays on its origin (whatever the URL parser makes of tabs or backslashes in it).
    if (url.origin !== base.origin) throw new HttpError(400, NOT_A_PICTURE_URL_OR_PATH);
  } else {
    try {
      url = new URL(raw);
    } catch {
      throw new HttpError(
        400,
        relativeTo === undefined ? NOT_A_PICTURE_URL : NOT_A_PICTURE_URL_OR_PATH,
      );
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HttpError(400, NOT_A_PICTURE_URL);
  url.hash = '';
  // `a.jpg?` names the same file as `a.jpg`: one address, one cache entry.
  if (url.search === '') url.search = '';
  url = canonicalSource(url);
  checkHop(url, policy, 'url');
  if (url.search !== '' && !policy.signedUrls) {
    throw new HttpError(
      400,
      'url must carry no query: media addresses carry none (a query would only make copies of one picture).',
    );
  }
  return url;
}

const BLOCKED = 'EADDRBLOCKED';

/** Node's connection lookup, refusing non-public answers unless the origin names a local address. */
function guardedLookup(url: URL, resolve: Resolve): LookupFunction {
  const local = namesLocalAddress(url);
  return (hostname, options, callback) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error, '', 0);
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
      const addresses = found.filter((a) => !family || a.family === family);
      if (addresses.length === 0 || addresses.some((a) => !local && !isPublicAddress(a.address))) {
        const blocked = new Error(`${hostname} resolves to a non-public address.`);
        return callback(Object.assign(blocked, { code: BLOCKED }), '', 0);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface FetchedPicture {
  body: Buffer;
  contentType: string;
}

function request(url: URL, resolve: Resolve, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((done, fail) => {
    const req = client.get(url, {
      lookup: guardedLookup(url, resolve),
      // Nothing of the guest's request goes on: no cookie, no credential, no forwarded header.
      headers: {
        accept: 'image/*',
        'user-agent': 'grati-web image endpoint',
        [IMAGE_FETCH_HEADER]: '1',
      },
      signal,
    });
    req.once('response', done);
    req.once('error', fail);
  });
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(422, `The picture at url is larger than ${maxBytes} bytes.`);
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    // An origin that sends more than it declared, or declares nothing, is cut at the limit.
    if (size > maxBytes) {
      res.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a picture of the media origins within the limits. Every hop is checked before it is
 * connected to. The origin's own failures are told apart from the guest's: a missing picture is
 * a 404, anything else of the origin's a 502, a deadline passed a 504.
 */
export async function fetchPicture(source: URL, options: SourceOptions): Promise<FetchedPicture> {
  const { limits = SOURCE_LIMITS, resolve = systemResolve } = options;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = mediaSource(source.href, { ...options, relativeTo: undefined });
  try {
    for (let hop = 0; ; hop += 1) {
      const res = await request(url, resolve, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= limits.maxRedirects)
          throw new HttpError(502, 'The picture redirects too often.');
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          throw new HttpError(502, 'The media origin redirected to an invalid address.');
        }
        // The origin chose this address (a CDN may sign it with a query): only where it leads is
        // checked, as the first hop's.
        next.hash = '';
        checkHop(next, options, 'redirect');
        url = next;
        continue;
      }
      if (status === 404 || status === 410) {
        res.resume();
        throw new HttpError(404, 'No picture exists at url.');
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new HttpError(502, `The media origin answered ${status}.`);
      }
      const body = await readBody(res, limits.maxBytes);
      return { body, contentType: String(res.headers['content-type'] ?? '') };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (signal.aborted)
      throw new HttpError(504, 'The media origin did not send the picture in time.');
    if ((error as { code?: string }).code === BLOCKED) {
      throw new HttpError(403, 'url names a host that resolves to a non-public address.');
    }
    throw new HttpError(502, 'The media origin could not be reached.');
  }
}
