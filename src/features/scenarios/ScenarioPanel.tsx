// The testers' scenario panel (demo builds only): picks the mock API's payment scenario for this
// browser (the mock API keeps it per tester, by a cookie, for 30 minutes), so a failure can be
// replayed on purpose from the real screens without touching anyone else's. A repro link
// (`?scenario=slow&delayMs=5000` on any page) turns its scenario on as the page opens; "Copy repro
// link" makes one for the current page. Loaded only when opened.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetScenariosQuery, useSetScenarioMutation, type ScenarioState } from './scenariosApi';
import { readReproLink, reproLinkFor, takesDelay, type ReproRequest } from './reproLink';
import './ScenarioPanel.css';

const NONE = 'none';

function until(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const time = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `, until ${time}`;
}

function statusText(state: ScenarioState, fromLink: ReproRequest | null): string {
  const delay = takesDelay(state.active) ? ` (${state.delayMs} ms)` : '';
  if (fromLink && state.active !== null && fromLink.name === state.active) {
    return `Turned on by this link: ${state.active}${delay}, for this browser only${until(state.expiresAt)}.`;
  }
  return state.active === null
    ? 'Active: none.'
    : `Active: ${state.active}${delay}, for this browser only${until(state.expiresAt)}.`;
}

export default function ScenarioPanel() {
  const { search } = useLocation();
  const { data, isLoading, isError } = useGetScenariosQuery();
  const [setScenario, { isLoading: saving, isError: saveFailed }] = useSetScenarioMutation();
  const [delayMs, setDelayMs] = useState<string | null>(null);
  // The choice shows at once; the server's answer then becomes the truth.
  const [chosen, setChosen] = useState<string | null>(null);
  const [fromLink, setFromLink] = useState<ReproRequest | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const delayId = useId();
  const linkId = useId();

  // A repro link's scenario, turned on once as the page opens with it.
  const link = readReproLink(search);
  const isKnown = (name: string) =>
    name === NONE || (data?.scenarios.some((s) => s.name === name) ?? false);
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!link || !data || !isKnown(link.name) || applied.current === search) return;
    applied.current = search;
    void setScenario({
      name: link.name === NONE ? null : link.name,
      ...(takesDelay(link.name) && link.delayMs !== undefined ? { delayMs: link.delayMs } : {}),
    })
      .unwrap()
      .then(
        () => setFromLink(link),
        () => setLinkError('The scenario this link asks for could not be turned on.'),
      );
  });
  const unknownLink =
    link && data && !isKnown(link.name)
      ? `This link asks for an unknown scenario: ${link.name}.`
      : null;

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
    setFromLink(null);
    setCopied(null);
    void setScenario({
      name: name === NONE ? null : name,
      ...(takesDelay(name) && Number.isInteger(delayValue) ? { delayMs: delayValue } : {}),
    }).finally(() => setChosen(null));
  };
  const reproLink = reproLinkFor(window.location.href, data.active, data.delayMs);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reproLink);
      setCopied('Repro link copied.');
    } catch {
      setCopied('Copy the repro link from the field above.');
    }
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
        Delay in ms (slow, webhook-delayed)
      </label>
      <input
        id={delayId}
        className="scenario-panel__input"
        type="number"
        min={0}
        step={100}
        value={delay}
        onChange={(event) => setDelayMs(event.target.value)}
        onBlur={() => data.active !== null && takesDelay(data.active) && choose(data.active)}
      />
      <p className="scenario-panel__note" role="status">
        {saveFailed ? 'The scenario could not be set.' : statusText(data, fromLink)}
      </p>
      {(unknownLink ?? linkError) && (
        <p className="scenario-panel__note" role="alert">
          {unknownLink ?? linkError}
        </p>
      )}
      <label htmlFor={linkId} className="scenario-panel__delay">
        Repro link for this page and scenario
      </label>
      <input
        id={linkId}
        className="scenario-panel__input scenario-panel__link"
        readOnly
        value={reproLink}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="scenario-panel__actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          Copy repro link
        </button>
        <span className="scenario-panel__note" role="status">
          {copied ?? ''}
        </span>
      </div>
    </div>
  );
}
