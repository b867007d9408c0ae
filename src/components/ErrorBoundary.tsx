// What a render error leaves on screen: a friendly message with a Reload button, in place of the
// part of the page that failed, instead of an empty page (React unmounts everything up to the
// nearest boundary, and without one the whole root). A class: React has no hook for this.
import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { AppReady } from './AppReady';
import { Header } from './Header';

export const ERROR_TITLE = 'Something went wrong';
export const ERROR_TEXT = 'This page could not be shown. Please try again.';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children once one of them has thrown; the error screen by default. */
  fallback?: ReactNode;
  /** A change (the address, for a route) clears the error and renders the children again. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    // Navigating away from a page that failed shows the next page, not the same error.
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The one log of a caught render error (src/main.tsx keeps React from logging it again).
    console.error('Something went wrong while rendering', error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <ErrorScreen /> : this.props.fallback;
  }
}

/**
 * The friendly screen: what happened, in words, and a Reload button. Never the error itself: its
 * message and stack are for the log, not the visitor. Its heading takes focus, so a keyboard or
 * screen reader user is told at once that the page changed.
 */
export function ErrorScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page error-screen" aria-labelledby="error-title">
      <AppReady />
      <title>{`${ERROR_TITLE} | Grati`}</title>
      <h1 id="error-title" ref={heading} tabIndex={-1}>
        {ERROR_TITLE}
      </h1>
      <p>{ERROR_TEXT}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}

/**
 * The error screen in the site's frame, for when no page frame is left to put it in: the last
 * resort at the app's root, and the server's answer when a page cannot be rendered. The header
 * has a boundary of its own: if it is what failed, the screen shows without it.
 */
export function ErrorPage({ marketingUrl }: { marketingUrl: string }) {
  return (
    <>
      <ErrorBoundary fallback={null}>
        <Header marketingUrl={marketingUrl} />
      </ErrorBoundary>
      <main id="main" className="app-main">
        <ErrorScreen />
      </main>
    </>
  );
}
