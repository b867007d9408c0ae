// The demo's "Test scenarios" disclosure under every page; its panel is a lazy chunk. A repro
// link (`?scenario=...`) opens it, so the tester sees the scenario the link turned on.
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readReproLink } from './reproLink';
import { Spinner } from '../../components/Spinner';
import './ScenarioPanel.css';

const ScenarioPanel = lazy(() => import(/* webpackChunkName: "scenarios" */ './ScenarioPanel'));

export function ScenarioBar() {
  const { search } = useLocation();
  const [open, setOpen] = useState(() => readReproLink(search) !== null);
  const panelId = useId();
  return (
    <aside className="scenario-bar" aria-label="Demo tools">
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Test scenarios
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={<Spinner />}>
            <ScenarioPanel />
          </Suspense>
        )}
      </div>
    </aside>
  );
}
