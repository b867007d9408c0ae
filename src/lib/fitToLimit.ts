// Text that would pass a field's length limit (typed or pasted) is cut, as `maxlength` would, but
// the guest is told how much: the text already there stays, and only what did not fit of the new
// text is left out. Lengths are the contract's (api/contract/characters.ts): characters as a
// person counts them (an emoji, a flag, a family, a letter with its accents are one each), in the
// trimmed text, so white space before the words uses up nothing; a character is kept whole or left
// out whole, never split.
import {
  characterWeight,
  countCharacters,
  cutToCharacters,
  measureText,
  splitCharacters,
} from '../api/contract/characters';

export interface Fitted {
  value: string;
  /** How many characters of the new text were left out (0 when it fit). */
  cut: number;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * `next` (the field's value after an edit of `previous`) within `max` characters: the characters
 * the edit inserted are kept as far as they fit, with what was there before it and after it.
 */
export function fitToLimit(previous: string, next: string, max: number): Fitted {
  if (measureText(next) <= max) return { value: next, cut: 0 };
  // The edit is what lies between the common start and the common end of the two values, widened
  // so that neither edge falls inside a surrogate pair.
  const shortest = Math.min(previous.length, next.length);
  let start = 0;
  while (start < shortest && previous[start] === next[start]) start += 1;
  if (start > 0 && isHigh(next.charCodeAt(start - 1)) && isLow(next.charCodeAt(start))) start -= 1;
  let end = 0;
  while (
    end < shortest - start &&
    previous[previous.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end += 1;
  }
  const afterAt = next.length - end;
  if (end > 0 && isLow(next.charCodeAt(afterAt)) && isHigh(next.charCodeAt(afterAt - 1))) end -= 1;
  const before = next.slice(0, start);
  const after = next.slice(next.length - end);
  const inserted = splitCharacters(next.slice(start, next.length - end));
  const withFirst = (count: number) => before + inserted.slice(0, count).join('') + after;
  const fits = (count: number) => measureText(withFirst(count)) <= max;

  if (!fits(0)) {
    // Already over the limit before this edit (e.g. an older draft): keep the start.
    const value = cutToCharacters(next, max);
    return { value, cut: countCharacters(next) - countCharacters(value) };
  }
  // Adding characters never makes the text shorter, so the most that fit is found by halving.
  let low = 0;
  let high = inserted.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  const cut = inserted.slice(low).reduce((count, char) => count + characterWeight(char), 0);
  return { value: withFirst(low), cut };
}

/** What a live region says after a cut: how much was left out, and the limit. */
export function cutMessage(cut: number, label: string, max: number): string {
  const what = cut === 1 ? '1 character was' : `${cut} characters were`;
  return `${what} left out: ${label} takes up to ${max} characters.`;
}
