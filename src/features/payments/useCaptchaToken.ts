// The captcha's token for the payment calls. Tokens are single use (siteverify answers
// `timeout-or-duplicate` to a second check): once one has gone to the API, a new intent needs a
// fresh widget and a new pass. The token lives in a ref, so a wallet's handler reads the current
// one after renders.
import { useRef, useState } from 'react';

export function useCaptchaToken() {
  const token = useRef<string | null>(null);
  const used = useRef(false);
  // Whether the payment options show: from a pass until the captcha is asked for again (a pay
  // button on screen must be able to pay: without a token none can make an intent).
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
    /** The widget's report: a token, or null when it expired or failed. */
    onChange: (next: string | null) => {
      if (next) {
        token.current = next;
        used.current = false;
        setPassed(true);
        return;
      }
      token.current = null;
      // A spent token's intent still pays (the card form stays); an unused one that expired
      // can make no intent, so the options go until the captcha is passed again.
      if (!used.current) setPassed(false);
    },
    /** Asks for the captcha again: a fresh widget, and no payment options until it is passed. */
    renew: () => {
      used.current = false;
      token.current = null;
      setPassed(false);
      setRound((value) => value + 1);
    },
  };
}
