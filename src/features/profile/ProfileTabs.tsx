// Feed, Photos/Videos and Socials (Feed by default): an ARIA tablist with arrow-key movement.
import {
  useDeferredValue,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useRendersItself } from '../../loading/hydration';
import './ProfileTabs.css';

export interface TabDefinition {
  id: string;
  label: string;
  render: () => ReactNode;
}

export function ProfileTabs({ tabs }: { tabs: TabDefinition[] }) {
  const baseId = useId();
  const [selected, setSelected] = useState(tabs[0]?.id);
  // A page the browser renders itself (a QR code's link) shows the profile and its buttons first,
  // and the panel's content (the feed's cards) in a deferred pass right after: the guest's next
  // tap does not wait for the cards (issue 36). A hydrated page renders it as the server did.
  const rendersItself = useRendersItself();
  const panelShown = useDeferredValue(true, !rendersItself);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const moveTo = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  const current = tabs.find((tab) => tab.id === selected);
  return (
    <div className="profile-tabs">
      <div role="tablist" aria-label="Profile" className="profile-tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="profile-tabs__tab"
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          key={current.id}
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className="profile-tabs__panel"
        >
          {panelShown && current.render()}
        </div>
      )}
    </div>
  );
}
