import { GRATITUDE_KINDS, giftLabel, type FlowKind } from '../../api/contract/kinds';
import { GRATITUDE_ICONS, type IconsCount, type UserDetails } from '../../api/contract/types';
import { GiftIcon, KindIcon } from '../../components/icons';
import { formatCompactCount } from './compactCount';
import './ActionButtons.css';

interface ActionButtonsProps {
  user: UserDetails;
  counts: IconsCount;
  onChoose: (kind: FlowKind, button: HTMLButtonElement) => void;
  /** A guest is about to choose (pointer down, hover, focus): time to fetch the flow. */
  onIntent?: () => void;
}

export function ActionButtons({ user, counts, onChoose, onIntent }: ActionButtonsProps) {
  const intent = onIntent && {
    onPointerDown: onIntent,
    onPointerEnter: onIntent,
    onFocus: onIntent,
  };
  return (
    <div className="action-buttons">
      <ul className="action-buttons__kinds" aria-label="Send thanks">
        {GRATITUDE_ICONS.map((kind) => {
          const { action: label, countKey } = GRATITUDE_KINDS[kind];
          return (
            <li key={kind}>
              <button
                type="button"
                className="action-button"
                data-kind={kind}
                aria-label={`${label}, received ${formatCompactCount(counts[countKey])}`}
                onClick={(event) => onChoose(kind, event.currentTarget)}
                {...intent}
              >
                <KindIcon kind={kind} size={26} className="action-button__icon" decorative />
                <span className="action-button__label">{label}</span>
                <span className="action-button__badge">{formatCompactCount(counts[countKey])}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button action-buttons__gift"
        onClick={(event) => onChoose('gift', event.currentTarget)}
        {...intent}
      >
        <GiftIcon size={20} />
        {giftLabel(user)}
      </button>
    </div>
  );
}
