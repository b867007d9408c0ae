// Which profile links may become links on the page: absolute http(s) URLs only.

/**
 * The normalised address when `raw` is an absolute http: or https: URL with a host and no embedded
 * credentials; otherwise null (javascript:, data:, other schemes, relative or malformed input).
 * The parsed form is returned, never the raw text, so what is checked is what is rendered.
 */
export function safeUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  // "https://facebook.com@evil.example" reads as Facebook but goes elsewhere.
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** A short text for a safe link: host without "www." plus the path, without a trailing slash. */
export function linkText(href: string): string {
  const url = new URL(href);
  const host = url.hostname.replace(/^www\./, '');
  const path = `${url.pathname}${url.search}`.replace(/\/$/, '');
  return `${host}${path}`;
}
