/** @jest-environment node */
// Server rendering when a component throws: the error screen in the site's frame, never a
// spinner, a blank page or a stack trace.
import { PRELOADED_STATE_ID } from './pageState';
import { RenderFailedError, renderErrorPage, renderProfilePage } from './renderPage';
import { profileAnswer, setServerBuildConfig } from './testing';

setServerBuildConfig();

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Grati</title></head>' +
  '<body><div id=root></div><script defer src="/assets/main.js"></script></body></html>';

const request = (body: unknown) => ({
  profileId: 'broken',
  url: '/user_profile/broken',
  canonicalPath: '/user_profile/broken',
  publicOrigin: 'https://grati.example',
  lookup: { status: 200, body: JSON.stringify(body) },
  template: TEMPLATE,
});

const envelope = (userDetails: unknown) => ({
  status: 200,
  data: { data: { userDetails, userFeed: [], iconsCount: {} }, totalPostCount: 0 },
});

describe('renderProfilePage', () => {
  it('renders a profile the API answered', async () => {
    const { status, html } = await renderProfilePage(request(profileAnswer('broken')));
    expect(status).toBe(200);
    expect(html).toContain('Profile Broken');
    expect(html).not.toContain('Something went wrong');
  });

  it('fails, rather than sending a spinner, when the page throws while rendering', async () => {
    // A 200 whose profile has no user: the page cannot render it.
    await expect(renderProfilePage(request(envelope(null)))).rejects.toBeInstanceOf(
      RenderFailedError,
    );
  });
});

it('renderErrorPage puts the header and the error screen in the shell, with no state and no stack', async () => {
  // Not Testing Library's render: the server's, which answers the page's HTML.
  // eslint-disable-next-line testing-library/render-result-naming-convention
  const html = await renderErrorPage(TEMPLATE);
  expect(html).toMatch(/<div id=root><header[^>]*class="site-header/);
  expect(html).toContain('<title>Something went wrong | Grati</title>');
  expect(html).not.toContain('<title>Grati</title>');
  expect(html).toMatch(/<h1 id="error-title" tabindex="-1">Something went wrong<\/h1>/);
  expect(html).toContain('>Reload</button>');
  expect(html).toContain('<script defer src="/assets/main.js"></script>');
  expect(html).not.toContain(PRELOADED_STATE_ID);
  expect(html).not.toMatch(/Error:|\bat \w+ \(/);
});
