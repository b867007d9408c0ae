// Shows what became of the deep-link session. A visit through a Branch link
// (`?_branch_match_id=...`) at an address that names no profile, whose session src/boot.ts has
// started, waits for it: `Loading...`, then the profile the link's dynamic key names, or
// `Invalid QR Found` when initialisation fails or the link names no profile (or when the server
// already found so, src/config/linkVisit.ts). Any other visit shows its page at once, and the gate
// starts the session once the page is idle, for attribution only: it never moves the guest (a
// failure there is only logged).
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppReady } from '../../components/AppReady';
import { readLinkVisit } from '../../config/linkVisit';
import { paths, resolvesDeepLink } from '../../config/paths';
import { rememberCurrentUserId } from '../../lib/currentUser';
import { whenIdle } from '../../loading/idle';
import type { DeepLinkSession } from './branch';
import { startSession } from './linkSession';
import './DeepLinkGate.css';

type GateStatus = 'resolving' | 'ready' | 'invalid';

export function DeepLinkGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Only the address the app started at can carry the link being opened.
  const [{ opensLink, invalid }] = useState(() => {
    const serverAnswered = readLinkVisit(globalThis.history?.state);
    return {
      opensLink: resolvesDeepLink(pathname, search) && !serverAnswered,
      invalid: Boolean(serverAnswered?.invalid),
    };
  });
  const [status, setStatus] = useState<GateStatus>(
    invalid ? 'invalid' : opensLink ? 'resolving' : 'ready',
  );

  const onSession = useEffectEvent(({ dynamicKey }: DeepLinkSession) => {
    // An idle session (attribution) never moves the guest, whatever they opened meanwhile. The
    // link's own shows nothing else until it ends (Loading...): nothing to open meanwhile.
    if (!opensLink || status !== 'resolving') return;
    if (dynamicKey) {
      rememberCurrentUserId(dynamicKey);
      void navigate(paths.profile.href(dynamicKey), { replace: true });
    }
    setStatus(dynamicKey ? 'ready' : 'invalid');
  });

  const onFailure = useEffectEvent((error: unknown) => {
    console.error('Failed to initialize Branch SDK', error);
    if (opensLink) setStatus('invalid');
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

  return status === 'ready' ? children : <LinkScreen status={status} />;
}

/**
 * The gate's own screens: the link being resolved, or a link that opens no profile. The server
 * sends the same markup in the page's HTML before the app renders (src/server/shellPages.ts).
 */
export function LinkScreen({ status }: { status: Exclude<GateStatus, 'ready'> }) {
  if (status === 'resolving') {
    return (
      <p className="deep-link-gate" role="status">
        <AppReady />
        Loading...
      </p>
    );
  }
  return (
    <section className="page deep-link-gate" aria-labelledby="invalid-qr-title">
      <AppReady />
      <h1 id="invalid-qr-title">Invalid QR Found</h1>
    </section>
  );
}
