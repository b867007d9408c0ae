// Title-casing for names and gratitude titles shown on the profile page (spec section 2).

/** Words that stay lower-case wherever they appear as a whole word. */
const LOWER_CASE_WORDS: ReadonlySet<string> = new Set(['recognized', 'celebrated', 'thanked']);

const WHITESPACE_RUN = /(\s+)/u;
const WHITESPACE_ONLY = /^\s+$/u;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;

/**
 * Title-cases `text` word by word, following the profile card rule of spec section 2.
 *
 * - A word is a maximal run of non-whitespace characters. Hyphens, dots and apostrophes do not
 *   split words: `jean-luc` -> `Jean-luc`, `ava.martinez` -> `Ava.martinez`.
 * - In a word, the first letter or digit is upper-cased and every character after it is kept as
 *   the person wrote it: title case raises a first letter, it never lowers one, so
 *   `Marcus O'Connell`, `Anne-Marie McDonald` and `AVA` stay as they are. Characters before the
 *   first letter or digit (leading punctuation such as `(` or `@`) are left alone: `(ava` -> `(Ava`.
 * - The whole words `recognized`, `celebrated` and `thanked`, and the two-word phrase `tip to`
 *   (`tip` immediately followed by the word `to`), are written all lower-case, whatever their
 *   case in the input. Matching is case-insensitive and on the whole word only: `thanked,` or
 *   `unthanked` are ordinary words, and `tip` or `to` on their own are title-cased.
 * - Whitespace is kept exactly as given (runs, tabs, newlines, leading and trailing).
 * - A character whose case mapping would change the string's length (German `ß` upper-cases to
 *   `SS`) is left as it is, so the result always has the same length as the input.
 *
 * The function is idempotent: `titleCase(titleCase(x)) === titleCase(x)`.
 */
export function titleCase(text: string): string {
  const tokens = text.split(WHITESPACE_RUN);
  // Indices (into `tokens`) of the words, skipping whitespace runs and empty edge tokens.
  const wordIndices: number[] = [];
  tokens.forEach((token, index) => {
    if (token !== '' && !WHITESPACE_ONLY.test(token)) wordIndices.push(index);
  });

  const keepLower = new Set<number>();
  wordIndices.forEach((tokenIndex, position) => {
    const word = (tokens[tokenIndex] ?? '').toLowerCase();
    if (LOWER_CASE_WORDS.has(word)) keepLower.add(tokenIndex);
    const nextIndex = wordIndices[position + 1];
    if (word === 'tip' && nextIndex !== undefined && tokens[nextIndex]?.toLowerCase() === 'to') {
      keepLower.add(tokenIndex);
      keepLower.add(nextIndex);
    }
  });

  return tokens
    .map((token, index) => {
      if (token === '' || WHITESPACE_ONLY.test(token)) return token;
      return keepLower.has(index) ? mapChars(token, toLower) : capitalizeWord(token);
    })
    .join('');
}

/** The word with its first letter or digit raised; nothing else changes. */
function capitalizeWord(word: string): string {
  let result = '';
  let offset = 0;
  for (const char of word) {
    if (ALPHANUMERIC.test(char)) return result + toUpper(char) + word.slice(offset + char.length);
    result += char;
    offset += char.length;
  }
  return result;
}

function mapChars(word: string, map: (char: string) => string): string {
  let result = '';
  for (const char of word) result += map(char);
  return result;
}

// Per code point, and only when the mapping keeps the length (see the doc comment).
function toUpper(char: string): string {
  const upper = char.toUpperCase();
  return upper.length === char.length ? upper : char;
}

function toLower(char: string): string {
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : char;
}
