/**
 * How the 'Other (in Dollars)' field takes what the guest types (issue 32): whole dollars, and
 * the field never locks. A comma is a US thousands separator: dropped, the digits after it kept
 * (`1,000` is 1000). A dot starts cents: the digits typed right after it, with the caret where
 * the dot was, are dropped and the field says "Whole dollars only" (`10.50` is 10, never 1050).
 * A caret move, a blur or a deletion ends the cents, and the field takes digits again.
 */
import {
  AMOUNT_HINTS,
  MAX_AMOUNT_DIGITS,
  filterAmountInput,
  normalizeDigits,
  pasteHint,
  type AmountHint,
} from './amountInput';

/** The field as the guest edits it. */
export interface AmountEntry {
  /** Its digits (what the input shows). */
  value: string;
  /** Where a dot was typed: digits typed there are its cents. Null when no cents are being typed. */
  centsAt: number | null;
  /** The help line: why something typed was not taken. */
  hint: AmountHint | null;
}

export const EMPTY_AMOUNT_ENTRY: AmountEntry = { value: '', centsAt: null, hint: null };

/** The input's selection (a caret when start equals end). */
export interface FieldSelection {
  start: number;
  end: number;
}

/** A key pressed in the field (keydown). */
export interface AmountKey {
  key: string;
  /** Ctrl, Meta or Alt held: a shortcut (copy, paste, select all), never a character. */
  shortcut: boolean;
  /** The selection when the key was pressed. */
  selection: FieldSelection;
}

/** Whether the key may reach the input (else its default is prevented), and the field after it. */
export interface AmountKeyVerdict {
  accept: boolean;
  entry: AmountEntry;
}

const DIGIT = /^[0-9]$/;
const DELETING_KEYS: ReadonlySet<string> = new Set(['Backspace', 'Delete']);
/** Keys that move the caret (or delete): each ends the cents. */
const CARET_KEYS: ReadonlySet<string> = new Set([
  ...DELETING_KEYS,
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * A key pressed. Keys that are not characters pass (a caret key or a deletion ends the cents;
 * an IME's "Process" or an on-screen keyboard's "Unidentified" changes nothing: its text comes to
 * `nextAmountEntry`); so do shortcuts. A digit passes unless it is cents (typed where the dot
 * was) or a seventh digit. A dot is refused and starts cents at the caret; a comma is refused
 * silently (a thousands separator); any other character is refused, saying why.
 */
export function judgeAmountKey(
  entry: AmountEntry,
  { key, shortcut, selection }: AmountKey,
): AmountKeyVerdict {
  if (shortcut || [...key].length !== 1) {
    if (!CARET_KEYS.has(key)) return { accept: true, entry };
    const hint = DELETING_KEYS.has(key) ? null : entry.hint;
    return { accept: true, entry: { ...entry, centsAt: null, hint } };
  }
  const char = normalizeDigits(key);
  const caret = selection.start === selection.end ? selection.start : null;
  if (DIGIT.test(char)) {
    if (entry.centsAt !== null && caret === entry.centsAt) {
      return { accept: false, entry: { ...entry, hint: AMOUNT_HINTS.wholeDollars } };
    }
    const selected = Math.abs(selection.end - selection.start);
    if (entry.value.length - selected >= MAX_AMOUNT_DIGITS) {
      return { accept: false, entry: { ...entry, centsAt: null, hint: AMOUNT_HINTS.tooLong } };
    }
    return { accept: true, entry: { ...entry, centsAt: null, hint: null } };
  }
  if (char === '.') {
    return { accept: false, entry: { ...entry, centsAt: caret, hint: AMOUNT_HINTS.wholeDollars } };
  }
  if (char === ',') return { accept: false, entry };
  return { accept: false, entry: { ...entry, hint: AMOUNT_HINTS.digitsOnly } };
}

/** The caret moved (a click or a tap in the field) or the field lost focus: the cents end. */
export function caretMoved(entry: AmountEntry): AmountEntry {
  return entry.centsAt === null ? entry : { ...entry, centsAt: null };
}

/** Text pasted: digits are a new edit (the cents end); anything else is refused, saying why. */
export function judgeAmountPaste(entry: AmountEntry, text: string): AmountKeyVerdict {
  const refused = pasteHint(text);
  if (refused) return { accept: false, entry: { ...entry, hint: refused } };
  return { accept: true, entry: { ...entry, centsAt: null, hint: null } };
}

/** What an edit did: at `at`, `removed` (of the old text) became `inserted`. */
interface TextEdit {
  at: number;
  removed: string;
  inserted: string;
}

/**
 * The edit from `before` to `after`. With the caret after it, an insertion is found exactly
 * (typing 0 into 10 after the 1 inserts at 1, not 2); otherwise the common prefix and suffix
 * bound it.
 */
function editBetween(before: string, after: string, caret: number | null): TextEdit {
  const grown = after.length - before.length;
  if (caret !== null && grown > 0 && caret >= grown && caret <= after.length) {
    const at = caret - grown;
    if (after.slice(0, at) === before.slice(0, at) && after.slice(caret) === before.slice(at)) {
      return { at, removed: '', inserted: after.slice(at, caret) };
    }
  }
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) {
    start += 1;
  }
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end += 1;
  }
  return {
    at: start,
    removed: before.slice(start, before.length - end),
    inserted: after.slice(start, after.length - end),
  };
}

/** Characters the field drops saying "Digits only": anything but digits, commas and dots. */
const REFUSED_CHARACTER = /[^0-9.,]/;

/**
 * The field after its text changed to `raw`, the caret then at `caret`: what a key the field let
 * through typed, a paste, a drop, or an on-screen keyboard whose keydown names no key. A dot in
 * the new text keeps the digits before it and drops those after it (cents), the cents going on at
 * that place; digits inserted where cents are being typed are dropped; any other edit ends the
 * cents. Commas are dropped; other characters too, saying so; at most six digits are kept.
 */
export function nextAmountEntry(
  entry: AmountEntry,
  raw: string,
  caret: number | null,
): AmountEntry {
  const text = normalizeDigits(raw);
  const edit = editBetween(entry.value, text, caret);
  const before = text.slice(0, edit.at);
  const after = text.slice(edit.at + edit.inserted.length);
  const dot = edit.inserted.indexOf('.');
  if (dot >= 0) {
    const dollars = filterAmountInput(edit.inserted.slice(0, dot));
    const value = filterAmountInput(before + dollars + after);
    const centsAt = Math.min(filterAmountInput(before + dollars).length, value.length);
    return { value, centsAt, hint: AMOUNT_HINTS.wholeDollars };
  }
  if (entry.centsAt !== null && edit.removed === '' && edit.at === entry.centsAt) {
    if (REFUSED_CHARACTER.test(edit.inserted)) return { ...entry, hint: AMOUNT_HINTS.digitsOnly };
    // Only commas: nothing to say. Digits: they are the cents.
    if (!/[0-9]/.test(edit.inserted)) return entry;
    return { ...entry, hint: AMOUNT_HINTS.wholeDollars };
  }
  const value = filterAmountInput(text);
  let hint: AmountHint | null = null;
  if (REFUSED_CHARACTER.test(text)) hint = AMOUNT_HINTS.digitsOnly;
  else if (text.replace(/[^0-9]/g, '').length > MAX_AMOUNT_DIGITS) hint = AMOUNT_HINTS.tooLong;
  return { value, centsAt: null, hint };
}
