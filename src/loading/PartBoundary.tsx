// The error boundary around each lazy part (lazyPart.tsx): a part whose code could not be fetched
// stays a hole in its own place. An app part shows what happened and a "Try again" button there;
// a plain part shows nothing more than it had. Any other error (a part that threw while rendering)
// goes on to the page's own boundary and its error screen, as it would without the layer. A
// class: React has no hook for this.
import { Component, useEffect, useEffectEvent, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadFailure } from './lazyModule';
import './PartBoundary.css';

interface PartBoundaryProps {
  children: ReactNode;
  /** What the part is, for the message. */
  label?: string;
  /** Asks for the part again; without it, a failure leaves nothing in the part's place. */
  onRetry?: () => void;
}

export const PART_FAILED_TEXT = 'could not be loaded. Check your connection and try again.';

export class PartBoundary extends Component<PartBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!(error instanceof ChunkLoadFailure)) return; // the page's boundary logs it
    console.error(
      `A part of the page (${this.props.label ?? 'unnamed'}) failed`,
      error,
      info.componentStack ?? '',
    );
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadFailure)) throw error;
    const { label = 'This part of the page', onRetry } = this.props;
    if (!onRetry) return null;
    return <PartFailed label={label} onRetry={onRetry} />;
  }
}

/** The retry button's name: what it retries ("Try again to load the captcha"). */
export const retryName = (label: string) =>
  `Try again to load ${label.charAt(0).toLowerCase()}${label.slice(1)}`;

/**
 * What a part whose code could not be fetched shows in its place, with its "Try again", named
 * for what it retries (two may be on screen). It also tries again by itself when the browser
 * says the connection is back: a guest who went offline need not find the button.
 */
export function PartFailed({ label, onRetry }: { label: string; onRetry: () => void }) {
  const retry = useEffectEvent(onRetry);
  useEffect(() => {
    const online = () => retry();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  return (
    <div className="part-failed" role="alert">
      <p>
        {label} {PART_FAILED_TEXT}
      </p>
      <button type="button" className="button" aria-label={retryName(label)} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
