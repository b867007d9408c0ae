// Shows what became of the deep-link session. A visit through a Branch link
// (`?_branch_match_id=...`), whose session src/boot.ts has started, waits for it: `Loading...`,
// then the profile the link's dynamic key names, or `Invalid QR Found` when initialisation fails.
// Any other visit shows its page at once, and the gate starts the session once the page is idle
// (a failure there is only logged).
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppReady } from '../../components/AppReady';
import { opensDeepLink, paths } from '../../config/paths';
import { rememberCurrentUserId } from '../../lib/currentUser';
import { whenIdle } from '../../loading/idle';
import type { DeepLinkSession } from './branch';
import { startSession } from './linkSession';
import './DeepLinkGate.css';

type GateStatus = 'resolving' | 'ready' | 'invalid';

export function DeepLinkGate({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  // Only the address the app started at can carry the link being opened.
  const [opensLink] = useState(() => opensDeepLink(search));
  const [status, setStatus] = useState<GateStatus>(opensLink ? 'resolving' : 'ready');

  const onSession = useEffectEvent(({ dynamicKey }: DeepLinkSession) => {
    if (dynamicKey) {
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
