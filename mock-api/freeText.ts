// What free text a guest writes (a review's Say thanks) may not hold, beside the names rule for
// names (src/api/contract/names.ts), which is stricter. Published as the card's text, a control
// character (NUL, an escape) is no text at all, and a text-direction embedding, override or
// isolate reorders what is shown after it, so the card would show other words than it holds. Line breaks and tabs are text: a
// browser sends a textarea's line breaks as CR LF, so CR is taken before LF (and nowhere else).
// The direction marks (LRM, RLM, ALM) stay allowed: mixed right-to-left text needs them.

/** The characters refused, by name where a person needs one to find it. */
const NAMED: Readonly<Record<number, string>> = {
  0x00: 'NULL',
  0x0d: 'CARRIAGE RETURN, not before a line feed',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
};

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

function isRefused(code: number, next: number): boolean {
  if (code === TAB || code === LF || (code === CR && next === LF)) return false;
  return (
    code <= 0x1f || // C0 controls
    (code >= 0x7f && code <= 0x9f) || // DEL and the C1 controls
    (code >= 0x202a && code <= 0x202e) || // embeddings and overrides
    (code >= 0x2066 && code <= 0x2069) // isolates
  );
}

/** The first character `text` may not hold, as `U+202E (RIGHT-TO-LEFT OVERRIDE)`, or null. */
export function refusedCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (!isRefused(code, text.charCodeAt(i + 1))) continue;
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    return `U+${hex} (${NAMED[code] ?? 'a control character'})`;
  }
  return null;
}

/** What the API answers for it, for the field `label`. */
export const refusedCharacterMessage = (label: string, character: string) =>
  `${label} can't contain ${character}: control characters and text-direction embeddings, overrides and isolates are refused (line breaks and tabs are fine).`;
