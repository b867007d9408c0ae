// The profile route rendered on the server: readable without JavaScript, previewed by link
// unfurlers (Open Graph / Twitter card), then hydrated without a second lookup or an error.
import { createHash } from 'node:crypto';
import { test, expect, waitForApp } from './fixtures';
import { recordErrors } from './pageProblems';

/** The plain parts hydrated later, which must keep the server's elements. */
const PLAIN_PARTS = [
  '.site-header__logo',
  '.profile-card h1',
  '.app-badge',
  '.site-header__support',
];

test.describe('server rendering of the profile route', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the profile, its card, counts and feed are in the page, styled', async ({
      page,
      saveScreenshot,
    }) => {
      const answer = await page.goto('/user_profile/ava-martinez');
      expect(answer?.status()).toBe(200);
      await expect(page).toHaveTitle('Ava Martinez | Grati');
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Ava Martinez' }).first()).toBeVisible();
      await expect(page.getByText('Barista & Latte Artist')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Recognize, received 128' })).toBeVisible();
      await expect(page.getByText(/Best flat white in town!/)).toBeVisible();
      // The profile route's stylesheet is linked by the server: the card is laid out.
      const card = await page.locator('.profile-card').boundingBox();
      expect(card?.width).toBeGreaterThan(200);
      // Media held until the app works come from their <noscript> copies, leaving no empty box.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const media = page.locator('main img, main video');
      await expect
        .poll(() =>
          media.evaluateAll((elements) =>
            elements
              .filter((el) => getComputedStyle(el).display !== 'none')
              .filter((el) =>
                el instanceof HTMLImageElement
                  ? !el.complete || el.naturalWidth === 0
                  : !(el as HTMLVideoElement).currentSrc,
              )
              .map((el) => el.getAttribute('alt') ?? el.getAttribute('aria-label')),
          ),
        )
        .toEqual([]);
      const held = await media.evaluateAll(
        (elements) =>
          elements.filter(
            (el) =>
              el instanceof HTMLImageElement &&
              !el.hasAttribute('src') &&
              getComputedStyle(el).display === 'none',
          ).length,
      );
      expect(held).toBeGreaterThan(0);
      await expect(page.locator('main video[controls]').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot('ssr-no-javascript');
    });
  });

  test('a shared link carries its Open Graph and Twitter card preview', async ({ request }) => {
    const answer = await request.get('/user_profile/bluebird-cafe?show=true');
    const html = await answer.text();
    const meta = (attribute: string, name: string) =>
      new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
    expect(meta('property', 'og:title')).toBe('Bluebird Café | Grati');
    expect(meta('property', 'og:type')).toBe('profile');
    expect(meta('property', 'og:url')).toMatch(
      /^http:\/\/localhost:\d+\/user_profile\/bluebird-cafe$/,
    );
    expect(meta('property', 'og:image')).toMatch(/^http:\/\/localhost:\d+\/media\/seed\/.+/);
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('property', 'og:description')?.length).toBeGreaterThan(10);
    // One title and one description: the shell's generic ones are replaced.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="?description"?/g)).toHaveLength(1);
    // The state is data, not a script; the one inline script, allowed by its hash, is the loader
    // that runs the app's (preloaded) scripts after the first paint and notes an early tap.
    expect(html).toMatch(/<script type="application\/json" id=preloaded-state>/);
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatch(
      /^\(function tapCapture\(ahead\) \{[\s\S]*\}\)\(\["\/assets\/[^\]]+\]\);requestAnimationFrame\(/,
    );
    expect(head).not.toMatch(/<script defer/);
    expect(head).toMatch(
      /<link rel="preload" as="script" href="\/assets\/main\.[^"]+" fetchpriority="low">/,
    );
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(answer.headers()['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  test('Ava’s page hydrates from the server’s data, and its plain parts come later keeping the server’s markup', async ({
    page,
  }) => {
    const problems = recordErrors(page);
    const lookups: string[] = [];
    const avatars: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/gratitude/findUser')) lookups.push(sent.url());
      if (/ava-martinez\.jpg/.test(decodeURIComponent(sent.url()))) avatars.push(sent.url());
    });
    // The server's elements, as the parser made them.
    await page.addInitScript((selectors) => {
      const kept: Record<string, Element> = {};
      (window as unknown as { __kept: typeof kept }).__kept = kept;
      new MutationObserver(() => {
        for (const selector of selectors) {
          const element = kept[selector] ?? document.querySelector(selector);
          if (element) kept[selector] = element;
        }
      }).observe(document, { subtree: true, childList: true });
    }, PLAIN_PARTS);
    await page.goto('/user_profile/ava-martinez');

    await test.step('the plain parts (header links, card, store badges) come later and keep the server’s markup', async () => {
      await waitForApp(page);
      // Their code is not part of the first load: it is asked for as the page hydrates them.
      const firstLoad = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
          (link) => link.href,
        ),
      );
      expect(firstLoad.some((href) => href.includes('static-parts'))).toBe(false);
      await expect
        .poll(() =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some((entry) => /static-parts\.[^/]*\.js$/.test(entry.name)),
          ),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() => {
        const saved = (window as unknown as { __kept: Record<string, Element> }).__kept;
        return Object.fromEntries(
          Object.entries(saved).map(([selector, element]) => [
            selector,
            element.isConnected && element === document.querySelector(selector),
          ]),
        );
      });
      expect(kept).toEqual(Object.fromEntries(PLAIN_PARTS.map((selector) => [selector, true])));
      await expect(page.getByRole('link', { name: 'Grati home' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      expect(avatars).toHaveLength(1);
      expect(problems).toEqual([]);
    });

    await test.step('the page hydrates from the server’s data: no second lookup, no error, interactive', async () => {
      // Hydrated: the tabs respond.
      await page.getByRole('tab', { name: 'Socials' }).click();
      await expect(page.getByRole('tab', { name: 'Socials', selected: true })).toBeVisible();
      await page.getByRole('tab', { name: 'Feed' }).click();
      await expect(page.getByText(/Best flat white in town!/)).toBeVisible();
      expect(lookups).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});
