// The tabs as the server renders them, then hydrated: the first render keeps the server's panel
// (the deferred pass is only for a page the browser renders itself, issue 36).
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { resetPageHydration } from '../../loading/hydration';
import { ProfileTabs, type TabDefinition } from './ProfileTabs';

const TABS: TabDefinition[] = [
  { id: 'feed', label: 'Feed', render: () => <p>The feed's cards</p> },
  { id: 'socials', label: 'Socials', render: () => <p>The social links</p> },
];

beforeEach(() => resetPageHydration());

/* eslint-disable testing-library/no-node-access -- the server's markup is checked as markup */
it("hydrates the server's panel as it is, with its content", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ProfileTabs tabs={TABS} />);
  document.body.append(container);
  expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("The feed's cards");

  const recoverable: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, <ProfileTabs tabs={TABS} />, {
      onRecoverableError: (error) => recoverable.push(error),
    }),
  );
  expect(recoverable).toEqual([]);
  expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("The feed's cards");
  act(() => root.unmount());
  container.remove();
});
/* eslint-enable testing-library/no-node-access */
