// What this page has on its way for a profile's draft: a payment being confirmed, or a send (a
// review, or a review with its tip's intent). Page-wide, not a component's: the request goes on
// when the component that started it goes (browser Back folds the payment step away), and the
// flow around it must still say what is happening and find out how it ended. A component that
// shows the draft's progress itself attends it (`attend`); while nobody does, the flow does.
import { useSyncExternalStore } from 'react';

export type InFlight = 'confirming' | 'sending';

interface Entry {
  inFlight: InFlight | null;
  attendants: number;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
/** Snapshots per profile, so an unchanged entry is the same object (useSyncExternalStore). */
const snapshots = new Map<string, Entry>();
const IDLE: Entry = { inFlight: null, attendants: 0 };

function update(profileId: string, change: (entry: Entry) => Entry): void {
  const next = change(entries.get(profileId) ?? IDLE);
  entries.set(profileId, next);
  snapshots.set(profileId, next);
  for (const listener of listeners) listener();
}

/** Starts (a kind) or ends (null) what is on its way for the profile's draft. */
export function setInFlight(profileId: string, inFlight: InFlight | null): void {
  update(profileId, (entry) => ({ ...entry, inFlight }));
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

/** What is on its way for the profile's draft, and whether a component attends it. */
export function useInFlight(profileId: string): { inFlight: InFlight | null; attended: boolean } {
  const entry = useSyncExternalStore(
    subscribe,
    () => snapshots.get(profileId) ?? IDLE,
    () => IDLE,
  );
  return { inFlight: entry.inFlight, attended: entry.attendants > 0 };
}
