// The panel a chosen action opens: a back arrow and a title (which takes focus), then its step.
import { useEffect, useRef, type ReactNode } from 'react';
import { BackIcon } from './icons';
import './FlowPanel.css';

interface FlowPanelProps {
  title: ReactNode;
  onBack: () => void;
  children?: ReactNode;
  /** Changes when the panel shows another step, so focus moves to the new title. */
  stepKey?: string;
  /** Something is on its way (a payment, a send) that going back would leave without a word. */
  backDisabled?: boolean;
}

export function FlowPanel({ title, onBack, children, stepKey, backDisabled }: FlowPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [stepKey]);
  return (
    <section className="flow-panel" aria-labelledby="flow-title">
      <div className="flow-panel__bar">
        <button
          type="button"
          className="flow-panel__back"
          onClick={onBack}
          aria-label="Back"
          disabled={backDisabled}
        >
          <BackIcon size={24} />
        </button>
        <h2 id="flow-title" ref={headingRef} tabIndex={-1} className="flow-panel__title">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}
