// The testers' scenario panel (demo builds only): picks the mock API's payment scenario for this
// browser (the mock API keeps it per tester, by a cookie, for 30 minutes), so a failure can be
// replayed on purpose from the real screens without touching anyone else's. A repro link
// (`?scenario=slow&delayMs=5000` on any page) opens it with what the link would turn on and a
// button to turn it on: opening a link changes nothing by itself. "Copy repro link" makes one for
// the current page. Loaded only when opened.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetScenariosQuery, useSetScenarioMutation, type ScenarioState } from './scenariosApi';
import {
  changeFor,
  NO_SCENARIO,
  readReproLink,
  reproLinkFor,
  takesDelay,
  type ReproRequest,
} from './reproLink';
import { delayText, descriptionOf, untilText } from './scenarioText';
import './ScenarioPanel.css';

function statusText(state: ScenarioState, fromLink: ReproRequest | null): string {
  const delay = delayText(state.active, state.delayMs);
  if (fromLink && state.active !== null && fromLink.name === state.active) {
    return `Turned on by this link: ${state.active}${delay}, for this browser only${untilText(state.expiresAt)}.`;
  }
  if (fromLink && fromLink.name === NO_SCENARIO && state.active === null) {
    return 'Turned off by this link: no scenario for this browser.';
  }
  return state.active === null
    ? "This browser's scenario: none."
    : `This browser's scenario: ${state.active}${delay}${untilText(state.expiresAt)}.`;
}

/** What a repro link would do, in words: its scenario, what it does, its delay and duration. */
function offerText(link: ReproRequest, state: ScenarioState): string {
  if (link.name === NO_SCENARIO) return "This link would turn off this browser's scenario.";
  const delay = delayText(link.name, link.delayMs);
  const ttl = link.ttlMinutes === undefined ? '' : `, for ${link.ttlMinutes} minutes`;
  return `This link would turn on ${link.name}${delay}${ttl} for this browser: ${descriptionOf(state, link.name)}`;
}

export default function ScenarioPanel() {
  const { search } = useLocation();
  const { data, isLoading, isError } = useGetScenariosQuery();
  const [setScenario, { isLoading: saving, isError: saveFailed }] = useSetScenarioMutation();
  const [delayMs, setDelayMs] = useState<string | null>(null);
  // The choice shows at once; the server's answer then becomes the truth.
  const [chosen, setChosen] = useState<string | null>(null);
  const [fromLink, setFromLink] = useState<ReproRequest | null>(null);
  // The address whose link was turned on: its offer is done.
  const [linkDoneFor, setLinkDoneFor] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const delayId = useId();
  const linkId = useId();
  const offerId = useId();

  // A repro link's scenario waits for the tester's go-ahead (turnOnLink); nothing is sent before.
  const link = readReproLink(search);
  const isKnown = (name: string) =>
    name === NO_SCENARIO || (data?.scenarios.some((s) => s.name === name) ?? false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const turnedOn = link !== null && linkDoneFor === search;
  // Once the link's scenario is on, its button goes: the focus goes to what happened.
  useEffect(() => {
    if (turnedOn) statusRef.current?.focus();
  }, [turnedOn]);
  const turnOnLink = (asked: ReproRequest) => {
    setLinkError(null);
    setCopied(null);
    void setScenario(changeFor(asked))
      .unwrap()
      .then(
        () => {
          setFromLink(asked);
          setLinkDoneFor(search);
        },
        () => setLinkError('The scenario this link asks for could not be turned on.'),
      );
  };
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
      name: name === NO_SCENARIO ? null : name,
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

  const offer = link && !unknownLink && !turnedOn ? link : null;
  return (
    <div className="scenario-panel">
      {offer && (
        <section className="scenario-panel__offer" aria-labelledby={offerId}>
          <h2 id={offerId} className="scenario-panel__legend">
            Repro link
          </h2>
          <p className="scenario-panel__note">{offerText(offer, data)}</p>
          <p className="scenario-panel__note">Nothing changes until you turn it on.</p>
          <div className="scenario-panel__actions">
            <button
              type="button"
              className="button"
              disabled={saving}
              onClick={() => turnOnLink(offer)}
            >
              {offer.name === NO_SCENARIO
                ? "Turn off this browser's scenario"
                : `Turn on ${offer.name} for this browser`}
            </button>
          </div>
        </section>
      )}
      <fieldset className="scenario-panel__choices" aria-busy={saving}>
        <legend className="scenario-panel__legend">Payment scenario</legend>
        {[
          { name: NO_SCENARIO, description: 'Everything behaves normally.' },
          ...data.scenarios,
        ].map((scenario) => (
          <label key={scenario.name} className="scenario-panel__choice">
            <input
              type="radio"
              name="scenario"
              value={scenario.name}
              checked={(chosen ?? data.active ?? NO_SCENARIO) === scenario.name}
              onChange={() => choose(scenario.name)}
            />
            <span>
              <strong>{scenario.name}</strong> {scenario.description}
            </span>
          </label>
        ))}
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
      <p className="scenario-panel__note" role="status" ref={statusRef} tabIndex={-1}>
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
