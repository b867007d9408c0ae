// The Idempotency-Key of a draft's send, kept in the draft (lib/flowDraft): the same values from
// the same draft are the same submission on any page (a retry, a reload, another tab), so the API
// stores them once; changed words or media are another submission, with a new key.
import { ownFlowDraft, saveFlowDraft, workingDraftId } from './flowDraftWork';
import { sameSubmission, submissionKey, type SubmissionKey } from './idempotency';

/** The last key per draft in this page, for a browser whose storage keeps nothing. */
const keysHere = new Map<string, SubmissionKey>();
const hereKey = (profileId: string) => `${profileId} ${workingDraftId(profileId) ?? ''}`;

const previousKey = (profileId: string): SubmissionKey | null =>
  ownFlowDraft(profileId)?.sendKey ?? keysHere.get(hereKey(profileId)) ?? null;

/** The key for sending `values` from the profile's draft; kept before it is used. */
export function draftSendKey(profileId: string, values: unknown): string {
  const key = submissionKey(values, previousKey(profileId));
  saveFlowDraft(profileId, { sendKey: key });
  keysHere.set(hereKey(profileId), key);
  return key.key;
}

/**
 * Whether `values` were sent from the profile's draft already with an answer that never came (a
 * sent draft ends): the API may have them, so only the same send (its key) may go again.
 */
export function sendAttempted(profileId: string, values: unknown): boolean {
  const previous = previousKey(profileId);
  return previous !== null && sameSubmission(values, previous);
}
