// How the `thank` section's guest paces itself. The main journeys are walked by a guest who reads
// and decides, paced by the Keystroke-Level Model (Card, Moran & Newell, "The Psychology of
// Human-Computer Interaction", 1980; "The Keystroke-Level Model for User Performance Time with
// Interactive Systems", CACM 23(7), 1980): 1.35 s of mental preparation (the M operator) before
// each tap, and what they type at a phone typist's speed: 36.2 words per minute on average in
// Palin et al., "How do People Type on Mobile Devices? Observations from a Study with 37,000
// Volunteers" (MobileHCI 2019), at 5 characters a word: about 0.33 s a character. The instant
// guest (no pauses: each tap as soon as its control shows) stays beside it as the worst case.
import type { Page } from '@playwright/test';
import { sleep } from './processes';

export type Guest = 'paced' | 'instant';
export const GUESTS: readonly Guest[] = ['paced', 'instant'];

/** KLM's M operator: mental preparation before each tap (Card, Moran & Newell 1980). */
export const THINK_MS = 1350;
/** Palin et al. 2019: 36.2 words per minute on a phone, 5 characters a word. */
export const TYPING_WPM = 36.2;
export const CHARS_PER_WORD = 5;
export const MS_PER_CHAR = 60_000 / (TYPING_WPM * CHARS_PER_WORD);

/** The guest reads what the step showed and decides: M before the tap (the paced guest only). */
export const think = (guest: Guest) => (guest === 'paced' ? sleep(THINK_MS) : undefined);

/**
 * Types `text` into the field labelled `label` (`keyed`: what the guest keys in for it, when the
 * field puts in the rest itself, as the card's fields do their spaces and slash). The field is
 * filled at once (the card's fields format what is typed as it comes, which keystrokes through
 * Playwright would race), then the paced guest takes as long as typing it takes at MS_PER_CHAR:
 * the page gets the time a typist gives it, idle (each keystroke's own work is not simulated).
 */
export async function typeInto(
  page: Page,
  guest: Guest,
  label: string,
  text: string,
  keyed = text,
) {
  await page.getByLabel(label).fill(text);
  if (guest === 'paced') await sleep(keyed.length * MS_PER_CHAR);
}

export const GUEST_DESCRIPTION: Record<Guest, string> = {
  paced: `a guest who reads and decides (KLM: ${THINK_MS / 1000} s before each tap, ${(MS_PER_CHAR / 1000).toFixed(2)} s a character typed)`,
  instant: 'the instant guest (no pauses: the worst case)',
};
