// The Idempotency-Key of a draft's send, kept in the draft (lib/flowDraft): the same values from
// the same draft are the same submission on any page (a retry, a reload, another tab), so the API
// stores them once; changed words or media are another submission, with a new key.
import { ownFlowDraft, saveFlowDraft } from './flowDraftWork';
import { submissionKey, type SubmissionKey } from './idempotency';

/** The last key per profile in this page, for a browser whose storage keeps nothing. */
const keysHere = new Map<string, SubmissionKey>();

/** The key for sending `values` from the profile's draft; kept before it is used. */
export function draftSendKey(profileId: string, values: unknown): string {
  const previous = ownFlowDraft(profileId)?.sendKey ?? keysHere.get(profileId) ?? null;
  const key = submissionKey(values, previous);
  keysHere.set(profileId, key);
  saveFlowDraft(profileId, { sendKey: key });
  return key.key;
}
