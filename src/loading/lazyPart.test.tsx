import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowConsoleError } from '../../jest/consoleGuard';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { lazyPart } from './lazyPart';

const WAIT = { timeout: 10_000 };

/** An import that fails `failures` times, then gives `component`; counts its calls. */
function flakyImport<P>(component: React.ComponentType<P>, failures: number) {
  const calls = { count: 0 };
  const importer = () => {
    calls.count += 1;
    return calls.count <= failures
      ? Promise.reject(new Error(`Loading chunk failed (${calls.count})`))
      : Promise.resolve(component);
  };
  return { importer, calls };
}

function Gallery({ userId }: { userId: string }) {
  const [tiles] = useState(() => `tiles of ${userId}`);
  return <p>{tiles}</p>;
}

describe('lazyPart', () => {
  it('shows "Try again" in its own place after two failures, and loads on the tap', async () => {
    allowConsoleError(/A part of the page \(The gallery\) failed/, /Loading chunk failed/);
    const { importer, calls } = flakyImport(Gallery, 2);
    const gallery = lazyPart('tabs', importer, { label: 'The gallery' });
    const user = userEvent.setup();
    render(
      <>
        <h1>Ava Martinez</h1>
        <gallery.Part userId="jo" />
      </>,
    );
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      'The gallery could not be loaded',
    );
    expect(screen.getByRole('heading', { name: 'Ava Martinez' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again to load the gallery' }));
    expect(await screen.findByText('tiles of jo', {}, WAIT)).toBeInTheDocument();
    expect(calls.count).toBe(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a failing plain part quiet and shows it once its code comes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      const { importer, calls } = flakyImport(Gallery, 2);
      const card = lazyPart('static-parts', importer, { kind: 'plain' });
      render(<card.Part userId="bluebird" />);
      await act(() => jest.advanceTimersByTimeAsync(600)); // the retry by itself fails too
      expect(calls.count).toBe(2);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(2000)); // asked again in the background
      expect(screen.getByText('tiles of bluebird')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves an error of the part itself to the page around it', async () => {
    allowConsoleError(/broken part/);
    function Broken(): never {
      throw new Error('broken part');
    }
    const broken = lazyPart('tabs', () => Promise.resolve(Broken));
    render(
      <ErrorBoundary fallback={<p>The page's own error screen</p>}>
        <broken.Part />
      </ErrorBoundary>,
    );
    expect(await screen.findByText("The page's own error screen", {}, WAIT)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Try again to load the gallery' }),
    ).not.toBeInTheDocument();
  });

  it('renders a part whose code is here directly, with nothing suspended', async () => {
    const gallery = lazyPart('tabs', () => Promise.resolve(Gallery), {
      fallback: <p>Loading...</p>,
    });
    await gallery.load();
    render(<gallery.Part userId="ava" />);
    expect(screen.getByText('tiles of ava')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
