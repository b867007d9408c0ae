// The state a server-rendered page hands to the client: a JSON data block (not a script, so the
// page's Content-Security-Policy has nothing to allow), read once by src/main.tsx.

export const ROOT_ID = 'root';
export const PRELOADED_STATE_ID = 'preloaded-state';

/**
 * JSON safe inside a <script> data block: `<` is written as \u003c, so no value can close the
 * element or open a comment; U+2028/2029 are escaped too.
 */
export function serializeState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state a server render left in the page, or undefined (a client-rendered page). */
export function readPreloadedState(doc: Document): unknown {
  const block = doc.getElementById(PRELOADED_STATE_ID);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as unknown;
  } catch {
    return undefined;
  }
}
