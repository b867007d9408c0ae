// The server's Branch links: what profile a QR code's link (`/?_branch_match_id=...`) opens, asked
// of Branch with one POST /v1/open as branch-sdk 2.89 sends it (a form body with `branch_key` and
// `link_identifier`), within a short deadline for the whole answer and a cap on its size, a few
// at a time, and behind a breaker that stops asking a Branch that has stopped answering. Whatever
// goes wrong on the way is "no answer": the page then resolves the link itself, as it always has.
import { isPlausibleProfileId } from '../api/contract/profileId';
import { DYNAMIC_KEY } from '../features/deeplink/branch';
import { AnswerTooLargeError, readCapped } from './readCapped';

/**
 * `profile`: the link names this profile. `noProfile`: Branch answered, but the link is not one
 * (not a clicked link, an unknown one) or names no usable profile. `failed`: Branch refused the
 * link (its 4xx error). Both are the page's 'Invalid QR Found'. `noAnswer`: nothing usable came in
 * time, or Branch was not asked; the page falls back to the browser's own resolution.
 */
export type LinkAnswer =
  | { kind: 'profile'; profileId: string }
  | { kind: 'noProfile'; reason: 'notClicked' | 'noKey' | 'badKey' }
  | { kind: 'failed'; status: number }
  | { kind: 'noAnswer'; reason: NoAnswerReason };

/**
 * Not asked: `off` (BRANCH_RESOLVE=off), `notALink` (an identifier Branch never issues),
 * `busy` (the in-flight cap), `breakerOpen`. Asked, and counted by the breaker: `deadline`,
 * `unreachable` (refused, reset), `tooLarge`, `garbage` (not the answer's shape), `unavailable`
 * (Branch's 5xx, 408 or 429: its trouble, not the link's).
 */
export type NoAnswerReason =
  | 'off'
  | 'notALink'
  | 'busy'
  | 'breakerOpen'
  | 'deadline'
  | 'unreachable'
  | 'tooLarge'
  | 'garbage'
  | 'unavailable';

export interface BranchLinksOptions {
  branchKey: string;
  /** Branch's API (https://api2.branch.io) or its emulator's: absolute, no trailing slash. */
  apiUrl: string;
  /** BRANCH_RESOLVE=off: every link is `noAnswer` (`off`), and Branch is never asked. */
  enabled?: boolean;
  /** One deadline for the whole answer, headers and body. */
  deadlineMs?: number;
  /** An answer longer than this is `tooLarge`: it is read as it comes, never whole. */
  maxAnswerBytes?: number;
  /** Requests to Branch at once; past them a link is `busy` at once, never queued. */
  maxInFlight?: number;
  /** This many answers in a row that are `noAnswer` open the breaker... */
  breakerFailures?: number;
  /** ...for this long; then one request goes through, and its answer closes or reopens it. */
  breakerCoolDownMs?: number;
  /** The breaker's clock (tests move it by hand). */
  now?: () => number;
  fetchFn?: typeof fetch;
}

export interface BranchLinks {
  /** What the link opens; never rejects, and settles by the deadline. */
  resolve(linkIdentifier: string): Promise<LinkAnswer>;
}

export const BRANCH_RESOLVE_DEADLINE_MS = 300;
/** /v1/open's answer is well under 2 KB: anything near this is not one. */
export const BRANCH_MAX_ANSWER_BYTES = 64 * 1024;
export const BRANCH_MAX_IN_FLIGHT = 32;
export const BRANCH_BREAKER_FAILURES = 5;
export const BRANCH_BREAKER_COOL_DOWN_MS = 30_000;

/**
 * What a link identifier may be: Branch's are digits (`_branch_match_id=1234567890123456789`),
 * the emulator's words (`qr-ava`). Anything else is not sent; the page keeps its own path for it.
 */
const LINK_IDENTIFIER = /^[A-Za-z0-9._~-]{1,128}$/;

const noAnswer = (reason: NoAnswerReason): LinkAnswer => ({ kind: 'noAnswer', reason });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A 200's body: `{ data: "<the link data as a JSON string>", ... }` (an empty string is no link
 * data, as the SDK reads it). The profile id is the link data's DYNAMIC_KEY, trimmed as the app
 * trims it, and only if it could name a profile (and stays one path segment: not `.` or `..`).
 */
export function readOpenAnswer(body: string): LinkAnswer {
  let answer: unknown;
  let linkData: unknown = {};
  try {
    answer = JSON.parse(body);
    if (!isRecord(answer) || typeof answer.data !== 'string') return noAnswer('garbage');
    if (answer.data !== '') linkData = JSON.parse(answer.data);
  } catch {
    return noAnswer('garbage');
  }
  if (!isRecord(linkData)) return noAnswer('garbage');
  if (linkData['+clicked_branch_link'] !== true) return { kind: 'noProfile', reason: 'notClicked' };
  const key = linkData[DYNAMIC_KEY];
  if (typeof key !== 'string' || key.trim() === '') return { kind: 'noProfile', reason: 'noKey' };
  const profileId = key.trim();
  if (!isPlausibleProfileId(profileId) || /^\.{1,2}$/.test(profileId)) {
    return { kind: 'noProfile', reason: 'badKey' };
  }
  return { kind: 'profile', profileId };
}

export function createBranchLinks(options: BranchLinksOptions): BranchLinks {
  const {
    branchKey,
    enabled = true,
    deadlineMs = BRANCH_RESOLVE_DEADLINE_MS,
    maxAnswerBytes = BRANCH_MAX_ANSWER_BYTES,
    maxInFlight = BRANCH_MAX_IN_FLIGHT,
    breakerFailures = BRANCH_BREAKER_FAILURES,
    breakerCoolDownMs = BRANCH_BREAKER_COOL_DOWN_MS,
    now = Date.now,
    fetchFn = fetch,
  } = options;
  const openUrl = `${options.apiUrl}/v1/open`;
  // Held until each answer settles (the deadline at the latest, when its request is ended).
  let inFlight = 0;
  // The breaker: failures in a row; while open, when the next probe may go; a probe under way.
  let failures = 0;
  let openUntil: number | null = null;
  let probing = false;

  /** Whether a request may go now: `probe` when it is the one let through an open breaker. */
  function admit(): 'go' | 'probe' | null {
    if (openUntil === null) return 'go';
    if (probing || now() < openUntil) return null;
    probing = true;
    return 'probe';
  }

  function settle(answer: LinkAnswer, admitted: 'go' | 'probe'): void {
    if (admitted === 'probe') probing = false;
    if (answer.kind !== 'noAnswer') {
      failures = 0;
      openUntil = null;
    } else if (++failures >= breakerFailures || openUntil !== null) {
      openUntil = now() + breakerCoolDownMs;
    }
  }

  /** One POST /v1/open, its answer read; it never rejects. `signal` ends it at the deadline. */
  async function askOnce(linkIdentifier: string, signal: AbortSignal): Promise<LinkAnswer> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    // Cancelling the body we hold ends the connection whatever became of fetch's own signal
    // (profileLookup.ts says why a timer and this, not AbortSignal.timeout alone).
    const cancel = () => void reader?.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const response = await fetchFn(openUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          link_identifier: linkIdentifier,
          branch_key: branchKey,
        }).toString(),
        redirect: 'manual',
        signal,
      });
      reader = response.body?.getReader();
      if (signal.aborted) cancel();
      const { status } = response;
      if (status !== 200) {
        cancel();
        if (status >= 500 || status === 408 || status === 429) return noAnswer('unavailable');
        return status >= 400 ? { kind: 'failed', status } : noAnswer('garbage');
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxAnswerBytes) {
        cancel();
        return noAnswer('tooLarge');
      }
      return readOpenAnswer(reader ? await readCapped(reader, maxAnswerBytes) : '');
    } catch (error) {
      cancel();
      if (error instanceof AnswerTooLargeError) return noAnswer('tooLarge');
      return noAnswer(signal.aborted ? 'deadline' : 'unreachable');
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  /** The answer, or `deadline` when the deadline passes first (the request is then ended). */
  async function ask(linkIdentifier: string): Promise<LinkAnswer> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<LinkAnswer>((resolve) => {
      timer = setTimeout(() => {
        resolve(noAnswer('deadline'));
        controller.abort();
      }, deadlineMs);
    });
    try {
      return await Promise.race([askOnce(linkIdentifier, controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async resolve(linkIdentifier) {
      if (!enabled) return noAnswer('off');
      if (!LINK_IDENTIFIER.test(linkIdentifier)) return noAnswer('notALink');
      if (inFlight >= maxInFlight) return noAnswer('busy');
      const admitted = admit();
      if (!admitted) return noAnswer('breakerOpen');
      inFlight += 1;
      try {
        const answer = await ask(linkIdentifier);
        settle(answer, admitted);
        return answer;
      } finally {
        inFlight -= 1;
      }
    },
  };
}
