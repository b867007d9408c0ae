// The demo's "Test scenarios" disclosure under every page; its panel is a lazy chunk.
import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import './ScenarioPanel.css';

const ScenarioPanel = lazy(() => import(/* webpackChunkName: "scenarios" */ './ScenarioPanel'));

export function ScenarioBar() {
  const [open, setOpen] = useState(false);
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
