// What this page has on its way for a profile's draft: a payment being confirmed, or a send (a
// review, or a review with its tip's intent). Page-wide, not a component's: the request goes on
// when the component that started it goes (browser Back folds the payment step away), and the
// flow around it must still say what is happening and find out how it ended. A component that
// shows the draft's progress itself attends it (`attend`); while nobody does, the flow does.
import { useSyncExternalStore } from 'react';

export type InFlight = 'confirming' | 'sending';
/** How the last thing on its way ended: 'sent' when the API accepted a recognition. */
export type InFlightEnd = 'sent' | null;

interface Entry {
  inFlight: InFlight | null;
  attendants: number;
  ended: InFlightEnd;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
/** Snapshots per profile, so an unchanged entry is the same object (useSyncExternalStore). */
const snapshots = new Map<string, Entry>();
const IDLE: Entry = { inFlight: null, attendants: 0, ended: null };

function update(profileId: string, change: (entry: Entry) => Entry): void {
  const next = change(entries.get(profileId) ?? IDLE);
  entries.set(profileId, next);
  snapshots.set(profileId, next);
  for (const listener of listeners) listener();
}

/**
 * Starts (a kind) or ends (null) what is on its way for the profile's draft; an end says how it
 * ended, for the flow that attends it when the component that started it has gone.
 */
export function setInFlight(
  profileId: string,
  inFlight: InFlight | null,
  ended: InFlightEnd = null,
): void {
  update(profileId, (entry) => ({ ...entry, inFlight, ended: inFlight ? null : ended }));
}

/** What is on its way for the profile's draft now (outside React). */
export const inFlightOf = (profileId: string): InFlight | null =>
  entries.get(profileId)?.inFlight ?? null;

/** A component shows the draft's progress itself from now until the returned call. */
export function attend(profileId: string): () => void {
  update(profileId, (entry) => ({ ...entry, attendants: entry.attendants + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    update(profileId, (entry) => ({ ...entry, attendants: entry.attendants - 1 }));
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What is on its way for the profile's draft, whether a component attends it, how it ended. */
export function useInFlight(profileId: string): {
  inFlight: InFlight | null;
  attended: boolean;
  ended: InFlightEnd;
} {
  const entry = useSyncExternalStore(
    subscribe,
    () => snapshots.get(profileId) ?? IDLE,
    () => IDLE,
  );
  return { inFlight: entry.inFlight, attended: entry.attendants > 0, ended: entry.ended };
}
