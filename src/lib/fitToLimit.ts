// Text that would pass a field's length limit (typed or pasted) is cut, as `maxlength` would, but
// the guest is told how much: the text already there stays, and only what did not fit of the new
// text is left out. Lengths count UTF-16 units, as `maxlength` and the counters do; a character
// made of two units is never split.

export interface Fitted {
  value: string;
  /** How many units of the new text were left out (0 when it fit). */
  cut: number;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Cuts `text` to at most `length` units without ending on half of a surrogate pair. */
function head(text: string, length: number): string {
  if (length <= 0) return '';
  if (length >= text.length) return text;
  return isHighSurrogate(text.charCodeAt(length - 1))
    ? text.slice(0, length - 1)
    : text.slice(0, length);
}

/**
 * `next` (the field's value after an edit of `previous`) within `max` units: the units the edit
 * inserted are kept as far as they fit, with what was there before it and after it.
 */
export function fitToLimit(previous: string, next: string, max: number): Fitted {
  if (next.length <= max) return { value: next, cut: 0 };
  // The edit is what lies between the common start and the common end of the two values.
  let start = 0;
  const shortest = Math.min(previous.length, next.length);
  while (start < shortest && previous[start] === next[start]) start += 1;
  let end = 0;
  while (
    end < shortest - start &&
    previous[previous.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end += 1;
  }
  const before = next.slice(0, start);
  const inserted = next.slice(start, next.length - end);
  const after = next.slice(next.length - end);
  const room = max - before.length - after.length;
  if (room < 0) {
    // Already over the limit before this edit (e.g. an older draft): keep the start.
    const value = head(next, max);
    return { value, cut: next.length - value.length };
  }
  const kept = head(inserted, room);
  return { value: before + kept + after, cut: inserted.length - kept.length };
}

/** What a live region says after a cut: how much was left out, and the limit. */
export function cutMessage(cut: number, label: string, max: number): string {
  const what = cut === 1 ? '1 character was' : `${cut} characters were`;
  return `${what} left out: ${label} takes up to ${max} characters.`;
}
