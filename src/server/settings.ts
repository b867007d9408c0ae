// The production server's settings, read from the environment once at start and validated, so a
// bad value stops the server with a message naming it instead of misbehaving on the first request.
// Nothing the server prints or connects to comes from a request's headers: only from these.
import express from 'express';
import { readApplePayDomainFile } from './applePayDomainFile';
import { SettingsError } from './settingsError';

export { SettingsError };

export interface ServerSettings {
  port: number;
  /** The Grati API the server reads profiles from (absolute, no trailing slash). */
  apiBaseUrl: string;
  /** The site's own origin, for canonical and Open Graph URLs. */
  publicOrigin: string;
  /**
   * The origins the image endpoint may fetch pictures from (MEDIA_ORIGINS, comma-separated; by
   * default the API's own origin). A host name among them must resolve to public addresses; a
   * media server on a private network is listed by its address (`http://10.0.0.5:9000`).
   */
  mediaOrigins: string[];
  /**
   * MEDIA_SIGNED_URLS=1: the API signs its media URLs (a query such as `?sig=...`), so the image
   * endpoint keeps a media address's query. Off by default: static media ignore a query, and a
   * made-up one would only be a new cache entry and a new decode of the same picture.
   */
  mediaSignedUrls: boolean;
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /**
   * Where /metrics is served (METRICS_PORT): its own port, never the public one, so only what can
   * reach the pod (Prometheus) reads it. Unset, none: the image and deploy/ set 9464; 0 takes a
   * free port (tests).
   */
  metricsPort: number | null;
  /**
   * ALLOW_DEMO_BUILD=1: serve a demo build (`npm run build`: emulators, scenario panel) anyway,
   * as `npm run preview`, the tests and the bench do. Otherwise only a live build is served.
   */
  allowDemoBuild: boolean;
  /**
   * APPLE_PAY_DOMAIN_FILE: the Apple Pay domain association file Stripe gives for this domain
   * (deploy/README.md, "Apple Pay"), read once at start and served at
   * /.well-known/apple-developer-merchantid-domain-association. Unset, none is served.
   */
  applePayDomainAssociation: Buffer | null;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-Proto and X-Forwarded-For are believed, as
   * Express's `trust proxy` takes them (parseTrustProxy). None by default: a request is HTTPS
   * (and gets HSTS) only when it reached this server over TLS.
   */
  trustProxy: TrustProxy;
}

/** Express's `trust proxy`: none (false), a hop count, or addresses, CIDRs and named ranges. */
export type TrustProxy = false | number | string[];

export const DEFAULT_SERVE_PORT = 8080;
/** The metrics port the image and deploy/ use (Prometheus exporters' customary range). */
export const DEPLOY_METRICS_PORT = 9464;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function httpUrl(name: string, raw: string | undefined): URL {
  if (raw === undefined || raw.trim() === '') {
    throw new SettingsError(`${name} must be set (an http or https URL).`);
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new SettingsError(`${name} must be an absolute http or https URL, not "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingsError(`${name} must use http or https, not "${url.protocol}".`);
  }
  if (url.username || url.password) {
    // Named by its host: the password stays out of the log.
    throw new SettingsError(`${name} must not carry a user name or password (${url.host}).`);
  }
  if (url.search || url.hash) {
    throw new SettingsError(`${name} must not have a query or a fragment, not "${raw}".`);
  }
  return url;
}

/**
 * A host the pages' Content-Security-Policy can list: DNS labels of letters, digits, hyphens and
 * underscores (a service name on a private network may have one; the policy ignores such a
 * source, it never widens), lower-cased with an international name in punycode by the URL
 * parser, an IPv4 address (such labels too), or an IPv6 address in brackets. The URL parser lets
 * other characters through (`cdn.example;sandbox`, `*`), which the policy would read as a new
 * directive or a wildcard.
 */
const POLICY_HOST =
  /^(?:(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*|\[[0-9a-f:.]+\])$/;

/** `url`'s origin, if its host is one the pages' policy can name (POLICY_HOST). */
function policyOrigin(name: string, url: URL, written: string): string {
  if (!POLICY_HOST.test(url.hostname) || url.hostname.length > 253) {
    throw new SettingsError(
      `${name} must name hosts by name or address (letters, digits, hyphens and dots; no wildcard, no ";"), not "${written}": the pages' Content-Security-Policy lists it as it is.`,
    );
  }
  return url.origin;
}

/**
 * MEDIA_ORIGINS: comma-separated origins, each written as `URL.origin` writes it (a trailing
 * slash aside): an http(s) scheme, a host and a port other than the scheme's own, nothing else.
 * Unset or empty, the API's own origin (where an API serves its media unless it says otherwise).
 * They go into the pages' policy, so what is listed is what is meant, character for character.
 */
function parseMediaOrigins(raw: string | undefined, api: URL): string[] {
  const listed = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (listed.length === 0) return [policyOrigin('API_BASE_URL', api, api.href)];
  const origins = listed.map((entry) => {
    const url = httpUrl('MEDIA_ORIGINS', entry);
    if (url.pathname !== '/') {
      throw new SettingsError(
        `MEDIA_ORIGINS must list origins only (scheme, host and port), not "${entry}".`,
      );
    }
    const origin = policyOrigin('MEDIA_ORIGINS', url, entry);
    if (entry.replace(/\/$/, '') !== origin) {
      throw new SettingsError(
        `MEDIA_ORIGINS must list each origin as it is written ("${origin}"), not "${entry}".`,
      );
    }
    return origin;
  });
  return [...new Set(origins)];
}

/** PUBLIC_ORIGIN, checked: an http(s) origin (`URL.origin`'s form), also `npm run preview`'s. */
export function parsePublicOrigin(raw: string | undefined): string {
  const origin = httpUrl('PUBLIC_ORIGIN', raw);
  if (origin.pathname !== '/') {
    throw new SettingsError(
      `PUBLIC_ORIGIN must be an origin only (scheme, host and port), not "${raw}".`,
    );
  }
  return origin.origin;
}

function parseMetricsPort(raw: string | undefined, port: number): number | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  const metricsPort = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || metricsPort > 65535) {
    throw new SettingsError(`METRICS_PORT must be a port number (0 to 65535), not "${raw}".`);
  }
  if (metricsPort !== 0 && metricsPort === port) {
    throw new SettingsError(
      `METRICS_PORT must differ from PORT (${port}): metrics are not served to the public.`,
    );
  }
  return metricsPort;
}

/**
 * TRUST_PROXY: unset or empty, no proxy (the default); a number, that many hops in front (the
 * nearest that many addresses of X-Forwarded-For); otherwise comma-separated addresses, CIDRs and
 * `loopback`, `linklocal`, `uniquelocal` (proxy-addr's names), checked by Express's own compile.
 * `true` is refused: it would believe a forged X-Forwarded-Proto from any client.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  if (value.toLowerCase() === 'true') {
    throw new SettingsError(
      'TRUST_PROXY=true would believe any client that claims to be a proxy: name the proxies (addresses, CIDRs, loopback, uniquelocal) or how many there are.',
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  try {
    express().set('trust proxy', entries);
  } catch (error) {
    throw new SettingsError(
      `TRUST_PROXY must be a hop count or comma-separated proxy addresses, CIDRs, loopback or uniquelocal, not "${raw}" (${(error as Error).message}).`,
    );
  }
  return entries;
}

/** Reads and checks the settings; throws a SettingsError naming the first bad one. */
export function parseServerSettings(env: Record<string, string | undefined>): ServerSettings {
  const rawPort = env.PORT?.trim();
  const port = rawPort ? Number(rawPort) : DEFAULT_SERVE_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535 || (rawPort && !/^\d+$/.test(rawPort))) {
    throw new SettingsError(`PORT must be a port number (0 to 65535), not "${env.PORT}".`);
  }
  const api = httpUrl('API_BASE_URL', env.API_BASE_URL);
  const publicOrigin = parsePublicOrigin(env.PUBLIC_ORIGIN);
  const mediaOrigins = parseMediaOrigins(env.MEDIA_ORIGINS, api);
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new SettingsError(
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`,
    );
  }
  const allowDemo = env.ALLOW_DEMO_BUILD?.trim() ?? '';
  if (!['', '0', '1'].includes(allowDemo)) {
    throw new SettingsError(`ALLOW_DEMO_BUILD must be 1 or 0 (or unset), not "${allowDemo}".`);
  }
  const signedUrls = env.MEDIA_SIGNED_URLS?.trim() ?? '';
  if (!['', '0', '1'].includes(signedUrls)) {
    throw new SettingsError(`MEDIA_SIGNED_URLS must be 1 or 0 (or unset), not "${signedUrls}".`);
  }
  const metricsPort = parseMetricsPort(env.METRICS_PORT, port);
  return {
    port,
    metricsPort,
    apiBaseUrl: api.href.replace(/\/+$/, ''),
    publicOrigin,
    mediaOrigins,
    mediaSignedUrls: signedUrls === '1',
    logLevel,
    allowDemoBuild: allowDemo === '1',
    applePayDomainAssociation: readApplePayDomainFile(env.APPLE_PAY_DOMAIN_FILE),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
