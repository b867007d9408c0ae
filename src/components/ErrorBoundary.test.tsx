import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_TEXT, ErrorBoundary, ErrorPage } from './ErrorBoundary';

function Crash({ message = 'boom' }: { message?: string }): never {
  throw new Error(message);
}

/** Silences (and records) the logs a caught render error makes: React's own and the boundary's. */
const captureErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

afterEach(() => jest.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the friendly screen with a focused heading and a Reload button, never the error, and leaves what is outside it in place', () => {
    const logged = captureErrors();
    render(
      <>
        <header>Site header</header>
        <ErrorBoundary>
          <Crash message="secret detail" />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByRole('banner')).toHaveTextContent('Site header');
    const heading = screen.getByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(document.body).not.toHaveTextContent('secret detail');
    // Logged with the component stack, for whoever reads the console or the error reports.
    expect(logged).toHaveBeenCalledWith(
      'Something went wrong while rendering',
      expect.objectContaining({ message: 'secret detail' }),
      expect.stringContaining('Crash'),
    );
  });

  it('renders its children again once its reset key changes (another address)', async () => {
    captureErrors();
    const user = userEvent.setup();
    function Page() {
      const [path, setPath] = useState('/broken');
      return (
        <>
          <button type="button" onClick={() => setPath('/fine')}>
            Go elsewhere
          </button>
          <ErrorBoundary resetKey={path}>
            {path === '/broken' ? <Crash /> : <p>The other page</p>}
          </ErrorBoundary>
        </>
      );
    }
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(screen.getByText('The other page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});

describe('ErrorPage', () => {
  it('puts the error screen in the site frame: the header and the main landmark', async () => {
    render(<ErrorPage marketingUrl="https://www.grati.example" />);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // The header's plain links come with their own chunk.
    expect(await screen.findByRole('link', { name: 'Grati home' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
