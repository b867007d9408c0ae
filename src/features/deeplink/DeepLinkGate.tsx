// Starts the deep-link session when the app starts. A visit through a Branch link
// (`?_branch_match_id=...`) waits for it: `Loading...`, then the profile the link's dynamic key
// names, or `Invalid QR Found` when initialisation fails. Any other visit shows its page at
// once while the session starts in the background (a failure there is only logged).
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppReady } from '../../components/AppReady';
import { opensDeepLink, paths } from '../../config/paths';
import { rememberCurrentUserId } from '../../lib/currentUser';
import { whenIdle } from '../../loading/idle';
import { lazyModule } from '../../loading/lazyModule';
import type { DeepLinkSession } from './branch';
import './DeepLinkGate.css';

// The adapter comes with the SDK, in its own chunk: nothing of Branch is in the first load.
const branchAdapter = lazyModule(
  'branch',
  () => import(/* webpackChunkName: "branch" */ './branch'),
);

/** The session, through the adapter's chunk: one per page (initDeepLinks shares it). */
const startSession = () => branchAdapter.load().then(({ initDeepLinks }) => initDeepLinks());

/**
 * Called as the app starts, before its first render: a visit through a link (`search`) waits for
 * its session, so the SDK's calls go out now rather than after that render (tens of ms on a slow
 * phone); the gate then takes the same session, and shows what became of it.
 */
export function startLinkSession(search: string): void {
  if (opensDeepLink(search)) startSession().catch(() => undefined);
}

type GateStatus = 'resolving' | 'ready' | 'invalid';

export function DeepLinkGate({
  children,
  onProfileLink,
}: {
  children: ReactNode;
  /** Told the profile a link opens as soon as it is known, before the page turns to it. */
  onProfileLink?: (profileId: string) => void;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  // Only the address the app started at can carry the link being opened.
  const [opensLink] = useState(() => opensDeepLink(search));
  const [status, setStatus] = useState<GateStatus>(opensLink ? 'resolving' : 'ready');

  const onSession = useEffectEvent(({ dynamicKey }: DeepLinkSession) => {
    if (dynamicKey) {
      onProfileLink?.(dynamicKey);
      rememberCurrentUserId(dynamicKey);
      void navigate(paths.profile.href(dynamicKey), { replace: true });
    }
    setStatus('ready');
  });

  const onFailure = useEffectEvent((error: unknown) => {
    console.error('Failed to initialize Branch SDK', error);
    setStatus(opensLink ? 'invalid' : 'ready');
  });

  useEffect(() => {
    let current = true;
    const start = () =>
      startSession().then(
        (session) => current && onSession(session),
        (error: unknown) => current && onFailure(error),
      );
    // A visit through a link waits for it; any other visit starts the session once the page is
    // idle, so the SDK's download does not compete with the page's own first load.
    const cancel = opensLink ? (void start(), () => {}) : whenIdle(() => void start());
    return () => {
      current = false;
      cancel();
    };
  }, [opensLink]);

  if (status === 'resolving') {
    return (
      <p className="deep-link-gate" role="status">
        <AppReady />
        Loading...
      </p>
    );
  }
  if (status === 'invalid') {
    return (
      <section className="page deep-link-gate" aria-labelledby="invalid-qr-title">
        <AppReady />
        <h1 id="invalid-qr-title">Invalid QR Found</h1>
      </section>
    );
  }
  return children;
}
