/** @jest-environment node */
// The server's error screen in the site's frame, never a spinner or a blank page. A profile, and
// one that throws while rendering (its scripts kept, no stack): e2e/server.spec.ts.
import { PRELOADED_STATE_ID } from './pageState';
import { renderErrorPage } from './renderPage';
import { setServerBuildConfig } from './testing';

setServerBuildConfig();

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Grati</title></head>' +
  '<body><div id=root></div><script defer src="/assets/main.js"></script></body></html>';

it('renderErrorPage puts the header and the error screen (in the main landmark) in the shell, with no state', async () => {
  // Not Testing Library's render: the server's, which answers the page's HTML.
  // eslint-disable-next-line testing-library/render-result-naming-convention
  const html = await renderErrorPage(TEMPLATE);
  expect(html).toMatch(/<div id=root><header[^>]*class="site-header/);
  expect(html).toContain('<title>Something went wrong | Grati</title>');
  expect(html).not.toContain('<title>Grati</title>');
  expect(html).toMatch(
    /<main[^>]*>(?:(?!<\/main>).)*<h1 id="error-title" tabindex="-1">Something went wrong<\/h1>/s,
  );
  expect(html).toContain('>Reload</button>');
  expect(html).not.toContain(PRELOADED_STATE_ID);
});
