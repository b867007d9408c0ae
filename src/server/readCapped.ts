// Reading an upstream's answer with a cap on its size (the Grati API's profile lookups,
// profileLookup.ts; Branch's link answers, branchLinks.ts): the body as it comes, never more than
// the cap in memory, so an upstream that floods costs the cap, not its whole answer.

export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

/**
 * The body as text, read as it comes: past `maxBytes` it throws AnswerTooLargeError. `stopped`
 * says why the reading was ended from outside (a deadline), if it was: a cancelled stream just
 * ends, and that reason is thrown instead of the text read so far.
 */
export async function readCapped(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  stopped: () => Error | undefined = () => undefined,
): Promise<string> {
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    const why = stopped();
    if (why) throw why;
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) throw new AnswerTooLargeError(`more than ${maxBytes} bytes`);
    text += decoder.decode(value, { stream: true });
  }
}
