// The captcha's token for the payment calls. Tokens are single use: once one has gone to the API
// (or expired), the widget is rendered afresh for the next intent. The token lives in a ref, so a
// wallet's handler reads the current one after renders.
import { useRef, useState } from 'react';

export function useCaptchaToken() {
  const token = useRef<string | null>(null);
  const used = useRef(false);
  // Once passed, the payment options stay shown; a new round asks for the captcha again.
  const [passed, setPassed] = useState(false);
  const [round, setRound] = useState(0);

  return {
    passed,
    /** The widget's key: a new round renders a fresh, unticked captcha. */
    round,
    /** Whether a token is at hand that has not gone to the API yet. */
    usable: () => token.current !== null && !used.current,
    /** Takes the token for one API call; the next call needs a new one. */
    take: (): string => {
      used.current = true;
      return token.current ?? '';
    },
    /** Whether a token went to the API (so a changed choice needs a new one). */
    spent: () => used.current,
    /** The widget's report: a token, or null when it expired. */
    onChange: (next: string | null) => {
      token.current = next;
      used.current = false;
      if (next) setPassed(true);
    },
    /** Asks for the captcha again (a fresh widget). */
    renew: () => {
      used.current = false;
      token.current = null;
      setRound((value) => value + 1);
    },
  };
}
