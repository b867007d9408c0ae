// The testers' scenario panel (demo builds only): picks the mock API's payment scenario, so a
// failure can be replayed on purpose from the real screens. Loaded only when opened.
import { useId, useState } from 'react';
import { useGetScenariosQuery, useSetScenarioMutation } from './scenariosApi';
import './ScenarioPanel.css';

const NONE = 'none';

export default function ScenarioPanel() {
  const { data, isLoading, isError } = useGetScenariosQuery();
  const [setScenario, { isLoading: saving, isError: saveFailed }] = useSetScenarioMutation();
  const [delayMs, setDelayMs] = useState<string | null>(null);
  // The choice shows at once; the server's answer then becomes the truth.
  const [chosen, setChosen] = useState<string | null>(null);
  const delayId = useId();

  if (isLoading) return <p className="scenario-panel__note">Loading scenarios…</p>;
  if (isError || !data) {
    return (
      <p className="scenario-panel__note" role="alert">
        The mock API's scenarios could not be read.
      </p>
    );
  }
  const delay = delayMs ?? String(data.delayMs);
  const choose = (name: string) => {
    const delayValue = Number(delay);
    setChosen(name);
    void setScenario({
      name: name === NONE ? null : name,
      ...(name === 'slow' && Number.isInteger(delayValue) ? { delayMs: delayValue } : {}),
    }).finally(() => setChosen(null));
  };

  return (
    <div className="scenario-panel">
      <fieldset className="scenario-panel__choices" aria-busy={saving}>
        <legend className="scenario-panel__legend">Payment scenario</legend>
        {[{ name: NONE, description: 'Everything behaves normally.' }, ...data.scenarios].map(
          (scenario) => (
            <label key={scenario.name} className="scenario-panel__choice">
              <input
                type="radio"
                name="scenario"
                value={scenario.name}
                checked={(chosen ?? data.active ?? NONE) === scenario.name}
                onChange={() => choose(scenario.name)}
              />
              <span>
                <strong>{scenario.name}</strong> {scenario.description}
              </span>
            </label>
          ),
        )}
      </fieldset>
      <label htmlFor={delayId} className="scenario-panel__delay">
        Delay for slow (ms)
      </label>
      <input
        id={delayId}
        className="scenario-panel__input"
        type="number"
        min={0}
        step={100}
        value={delay}
        onChange={(event) => setDelayMs(event.target.value)}
        onBlur={() => data.active === 'slow' && choose('slow')}
      />
      <p className="scenario-panel__note" role="status">
        {saveFailed
          ? 'The scenario could not be set.'
          : `Active: ${data.active ?? 'none'} (for everyone using this mock API).`}
      </p>
    </div>
  );
}
