// The banner every page of a demo build shows while a test scenario is active for this browser,
// so that a tester (or a guest who opened a repro link) never meets a fault without being told
// why: its name, what it does, until when, and a button that turns it off. Read from
// GET /api/__scenarios once the page is idle after hydration (ScenarioBar); loaded with the panel.
import { useEffect, useState } from 'react';
import { useGetScenariosQuery, useSetScenarioMutation } from './scenariosApi';
import { delayText, descriptionOf, untilText } from './scenarioText';
import './ScenarioBanner.css';

/** setTimeout's longest delay: a scenario ending later is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

interface ScenarioBannerProps {
  /** After Turn off: the banner (and its button) is gone, so the caller takes the focus. */
  onTurnedOff?: () => void;
}

export default function ScenarioBanner({ onTurnedOff }: ScenarioBannerProps) {
  const { data, refetch } = useGetScenariosQuery();
  const [setScenario, { isLoading: turningOff, isError }] = useSetScenarioMutation();
  const [turnedOff, setTurnedOff] = useState(false);
  const expiresAt = data?.expiresAt ?? null;

  // A scenario ends by itself: the banner goes with it, on the page the tester is on.
  useEffect(() => {
    if (expiresAt === null) return;
    const delay = Math.min(Math.max(Date.parse(expiresAt) - Date.now(), 0) + 1000, MAX_TIMER_MS);
    const timer = window.setTimeout(() => void refetch(), delay);
    return () => window.clearTimeout(timer);
  }, [expiresAt, refetch]);

  const turnOff = () => {
    void setScenario({ name: null })
      .unwrap()
      .then(
        () => {
          setTurnedOff(true);
          onTurnedOff?.();
        },
        () => undefined, // shown below (isError)
      );
  };

  const active = data?.active ?? null;
  if (active === null) {
    // Said once, to a screen reader, where the banner was: only after Turn off.
    return turnedOff ? (
      <p className="visually-hidden" role="status">
        Test scenario turned off.
      </p>
    ) : null;
  }
  return (
    <section className="scenario-banner" aria-label="Test scenario">
      <p className="scenario-banner__text">
        Test scenario active: <strong>{active}</strong>
        {delayText(active, data?.delayMs)} — {data ? descriptionOf(data, active) : ''} For this
        browser only{untilText(expiresAt)}.
      </p>
      <button
        type="button"
        className="button button--ghost scenario-banner__off"
        disabled={turningOff}
        onClick={turnOff}
      >
        Turn off
      </button>
      {isError && (
        <p className="scenario-banner__text" role="alert">
          The scenario could not be turned off.
        </p>
      )}
    </section>
  );
}
