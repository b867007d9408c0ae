// Characters as a person counts them, for every length limit a guest meets (Say thanks' 250, Full
// Name's 30) on the form and on the API alike: a character is what shows as one (an extended
// grapheme cluster, by Intl.Segmenter), not a UTF-16 unit: an emoji, a flag, a family, a letter
// with its accents each count as 1.
//
// A cluster longer than CLUSTER_UNITS UTF-16 units (no letter of any script and no emoji is; a
// letter under a tower of combining marks is) counts as one character per CLUSTER_UNITS units it
// started, so a limit of n characters also holds the text to CLUSTER_UNITS * n units: 30 for a
// name is at most 480 units, within the 500 Stripe takes in a metadata value.
//
// The segmenter is made on the first count that needs it, never when the module loads, and text of
// ASCII alone is counted without it: the page's first Intl object costs a phone 50-100 ms (issue
// 36), and the review form's empty counter renders in the step's first frame.

/** The longest cluster that counts as one character, in UTF-16 units (an RGI emoji is at most 15). */
export const CLUSTER_UNITS = 16;

let segmenter: Intl.Segmenter | null | undefined;

function graphemeSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter('en', { granularity: 'grapheme' })
        : null;
  }
  return segmenter;
}

/** ASCII without a carriage return (CR LF is one character): each unit is one character. */
function isSimple(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f || code === 0x0d) return false;
  }
  return true;
}

/**
 * `text` as the characters it shows, in order: joined, they are `text`. Where the engine has no
 * Intl.Segmenter, each code point is one (a surrogate pair is never split).
 */
export function splitCharacters(text: string): string[] {
  if (isSimple(text)) return text.split('');
  const segments = graphemeSegmenter();
  if (!segments) return Array.from(text);
  return Array.from(segments.segment(text), (part) => part.segment);
}

/** How many characters one cluster counts as (1, unless it is longer than CLUSTER_UNITS). */
export const characterWeight = (cluster: string): number =>
  Math.max(1, Math.ceil(cluster.length / CLUSTER_UNITS));

/** How many characters `text` holds, as it is (trim it first to measure it as a limit does). */
export function countCharacters(text: string): number {
  if (isSimple(text)) return text.length;
  let count = 0;
  for (const cluster of splitCharacters(text)) count += characterWeight(cluster);
  return count;
}

/** How long text is for a limit: trimmed, then in characters. */
export const measureText = (text: string): number => countCharacters(text.trim());

/**
 * The start of `text` a limit of `max` characters keeps, made of whole characters only: white space
 * before the text counts for nothing (it is trimmed before the text is measured), then characters
 * are kept while they fit. The result measures at most `max`.
 */
export function cutToCharacters(text: string, max: number): string {
  if (measureText(text) <= max) return text;
  let kept = '';
  let count = 0;
  let started = false;
  for (const cluster of splitCharacters(text)) {
    if (started || cluster.trim() !== '') {
      started = true;
      count += characterWeight(cluster);
      if (count > max) break;
    }
    kept += cluster;
  }
  return kept;
}
