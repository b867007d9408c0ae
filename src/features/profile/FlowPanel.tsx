// The panel a chosen action opens: a back arrow, what was chosen, then that kind's forms.
import { useEffect, useRef, type ReactNode } from 'react';
import type { UserDetails } from '../../api/types';
import { titleCase } from './titleCase';
import { flowLabel, type FlowKind } from './flowKinds';
import './FlowPanel.css';

interface FlowPanelProps {
  kind: FlowKind;
  user: UserDetails;
  onBack: () => void;
  children?: ReactNode;
}

export function FlowPanel({ kind, user, onBack, children }: FlowPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [kind]);
  const name = titleCase(user.fullName);
  return (
    <section className="flow-panel" aria-labelledby="flow-title" data-kind={kind}>
      <div className="flow-panel__bar">
        <button type="button" className="flow-panel__back" onClick={onBack} aria-label="Back">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <h2 id="flow-title" ref={headingRef} tabIndex={-1} className="flow-panel__title">
          {flowLabel(kind, user)}
          <span className="flow-panel__to"> {name}</span>
        </h2>
      </div>
      {children}
    </section>
  );
}
