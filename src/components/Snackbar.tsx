// A short message that announces itself to screen readers and hides after `duration` ms.
import { useCallback, useEffect, useState } from 'react';

interface SnackbarState {
  message: string;
  /** Changes on every show, so the same message shown twice restarts the timer. */
  key: number;
}

export function useSnackbar(duration: number) {
  const [state, setState] = useState<SnackbarState | null>(null);
  const show = useCallback((message: string) => {
    setState((previous) => ({ message, key: (previous?.key ?? 0) + 1 }));
  }, []);
  const hide = useCallback(() => setState(null), []);
  return { message: state?.message ?? null, showKey: state?.key ?? 0, show, hide, duration };
}

interface SnackbarProps {
  message: string | null;
  showKey: number;
  duration: number;
  hide: () => void;
}

export function Snackbar({ message, showKey, duration, hide }: SnackbarProps) {
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(hide, duration);
    return () => clearTimeout(timer);
  }, [message, showKey, duration, hide]);
  // The live region stays in the page so screen readers announce what appears in it.
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {message !== null && (
        <div className="snackbar" key={showKey}>
          {message}
        </div>
      )}
    </div>
  );
}
