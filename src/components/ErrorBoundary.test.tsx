import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary';

function Crash({ message }: { message: string }): never {
  throw new Error(message);
}

/** Silences (and records) the logs a caught render error makes: React's own and the boundary's. */
const captureErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

afterEach(() => jest.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the friendly screen, never the error, and logs it', () => {
    const logged = captureErrors();
    render(
      <>
        <header>Site header</header>
        <ErrorBoundary>
          <Crash message="secret detail" />
        </ErrorBoundary>
      </>,
    );
    // The focused heading, its text, Reload, the header kept, and a new address recovering:
    // e2e/errors.spec.ts's error screen.
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(document.body).not.toHaveTextContent('secret detail');
    // Logged with the component stack, for whoever reads the console or the error reports: it
    // leads to Crash, in this file (its frame's name is what the source map says).
    expect(logged).toHaveBeenCalledWith(
      'Something went wrong while rendering',
      expect.objectContaining({ message: 'secret detail' }),
      expect.stringMatching(/\/src\/components\/ErrorBoundary\.test\.tsx:\d+:\d+\)/),
    );
  });
});
