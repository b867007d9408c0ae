import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './Header';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../config/appLinks';

const MARKETING_URL = 'https://www.grati.example';

/** Renders the header and waits for its plain links (the logo, the top bar): a chunk of their own. */
async function renderHeader() {
  const user = userEvent.setup();
  render(
    <>
      <Header marketingUrl={MARKETING_URL} />
      <main>
        <a href="/after">A link after the header</a>
      </main>
    </>,
  );
  await screen.findByRole('link', { name: 'Grati home' });
  return { user, banner: screen.getByRole('banner') };
}

const hrefOf = (container: HTMLElement, name: string) =>
  within(container).getByRole('link', { name }).getAttribute('href');

describe('Header', () => {
  // The tagline, and the menu by keyboard (Enter, Tab, Escape): e2e/header.spec.ts.
  it('links the logo, the main menu and the social icons to the marketing site, with the support mailbox; the mobile menu opens and closes with its button', async () => {
    const { user, banner } = await renderHeader();
    expect(hrefOf(banner, 'Grati home')).toBe(MARKETING_URL);
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', MARKETING_URL],
      ['How Grati Works', `${MARKETING_URL}/how-grati-works`],
      ['Download', `${MARKETING_URL}/download`],
      ['Contact Us', `${MARKETING_URL}/contact-us`],
    ]);
    expect(hrefOf(banner, 'support@grati.com')).toBe('mailto:support@grati.com');
    for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'X']) {
      expect(hrefOf(banner, `Grati on ${network}`)).toBe(MARKETING_URL);
    }

    const menuButton = within(banner).getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('list')).toHaveAttribute(
      'id',
      menuButton.getAttribute('aria-controls'),
    );

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the side panel as a modal dialog with focus inside, the app links and Tab kept inside; Escape and Close return focus to the opener', async () => {
    const { user } = await renderHeader();
    const opener = screen.getByRole('button', { name: 'Get the app' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(opener);

    // The panel is a chunk of its own: it shows once that has arrived.
    const dialog = await screen.findByRole('dialog', { name: 'Get the Grati app' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(hrefOf(dialog, 'Get it on Google Play')).toBe(GOOGLE_PLAY_URL);
    expect(hrefOf(dialog, 'Download on the App Store')).toBe(APP_STORE_URL);
    expect(hrefOf(dialog, 'How Grati Works')).toBe(`${MARKETING_URL}/how-grati-works`);

    const focusable = [close, ...within(dialog).getAllByRole('link')];
    const last = focusable[focusable.length - 1];

    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    for (const expected of [...focusable.slice(1), close]) {
      await user.tab();
      expect(expected).toHaveFocus();
    }

    // Escape closing it, the focus back on the opener: e2e/header.spec.ts.
    await user.keyboard('{Escape}');
    expect(opener).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
