// The demo's "Test scenarios" disclosure under every page, and the banner naming this browser's
// active scenario; both are a lazy chunk, loaded once the page is hydrated and the browser idle,
// so a page's first load and its hydration do nothing more than render this closed button. A
// repro link (`?scenario=...`) opens the panel then (the server never renders it open: the
// hydrated markup matches the server's), where the link's scenario waits to be turned on.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { scenarioNameIn } from './scenarioParam';
import { Spinner } from '../../components/Spinner';
import { whenIdle } from '../../loading/idle';
import { lazyPart } from '../../loading/lazyPart';
import './ScenarioPanel.css';

const ScenarioPanel = lazyPart(
  'scenarios',
  () => import(/* webpackChunkName: "scenarios" */ './ScenarioPanel').then((m) => m.default),
  { fallback: <Spinner />, label: 'The test scenarios' },
).Part;
const ScenarioBanner = lazyPart(
  'scenarios',
  () => import(/* webpackChunkName: "scenarios" */ './ScenarioBanner').then((m) => m.default),
  { label: 'The active scenario' },
).Part;

/** False while the page hydrates, true once the browser is idle after it. */
function useIdleAfterHydration(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Effects run after hydration; idle time keeps the chunk and its call off the first paint.
    return whenIdle(() => setIdle(true));
  }, []);
  return idle;
}

export function ScenarioBar() {
  const { search } = useLocation();
  const ready = useIdleAfterHydration();
  // The tester's own toggle; until then a repro link in the address opens the panel.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? (ready && scenarioNameIn(search) !== null);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <>
      <aside className="scenario-bar" aria-label="Demo tools">
        <button
          ref={toggle}
          type="button"
          className="button button--ghost"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setToggled(!open)}
        >
          Test scenarios
        </button>
        <div id={panelId} hidden={!open}>
          {open && <ScenarioPanel />}
        </div>
      </aside>
      {ready && <ScenarioBanner onTurnedOff={() => toggle.current?.focus()} />}
    </>
  );
}
