// The Branch session's start, without React: the `boot` entry (src/boot.ts) calls it as the
// first script of the page runs, before the libraries' chunk has arrived; the gate
// (DeepLinkGate.tsx) takes the same session once the app renders.
import { getAppConfig } from '../../config/env';
import { readLinkVisit } from '../../config/linkVisit';
import { resolvesDeepLink } from '../../config/paths';
import { lazyModule } from '../../loading/lazyModule';

// The adapter comes with the SDK, in its own chunk: nothing of Branch is in the first load.
const branchAdapter = lazyModule(
  'branch',
  () => import(/* webpackChunkName: "branch" */ './branch'),
);

/** The address the page was opened at, as `window.location` has it. */
export interface OpenedAt {
  pathname: string;
  search: string;
}

/**
 * The click id of the link the server has already resolved (src/config/linkVisit.ts), read from
 * the history entry the page was opened in: by the time the session starts (at idle) the guest
 * may be in another entry (a flow's step), and the address no longer carries it.
 */
let serverClickId: string | undefined;

/**
 * The session, through the adapter's chunk: one per page (initDeepLinks shares it). The build's
 * settings are read here, in the first script, which the app's entry shares, rather than in the
 * adapter's chunk, which would hold a second copy of them.
 */
export const startSession = () =>
  branchAdapter.load().then(({ initDeepLinks }) => {
    const { branchKey, branchApiUrl } = getAppConfig();
    return initDeepLinks({ branchKey, apiUrl: branchApiUrl, clickId: serverClickId });
  });

/**
 * Called as the page's first script runs, with the address and the history entry's state it was
 * opened with. A visit through a link whose profile is yet to be found waits for its session, so
 * the SDK's calls go out while the rest of the page's code is still on the way; the gate then
 * takes the same session, and shows what became of it. Resolves to the profile id the link
 * opens: null on any other visit, for a link with none, or when the session failed (the gate
 * shows that).
 */
export function startLinkSession(
  openedAt: OpenedAt,
  state: unknown = null,
): Promise<string | null> {
  serverClickId = readLinkVisit(state)?.clickId;
  if (!resolvesDeepLink(openedAt.pathname, openedAt.search) || serverClickId) {
    return Promise.resolve(null);
  }
  return startSession().then(
    ({ dynamicKey }) => dynamicKey,
    () => null,
  );
}
