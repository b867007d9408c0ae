// A modal dialog: focus moves in, Tab stays inside, Escape closes (when it may), focus returns.
import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './useFocusTrap';

interface ModalProps {
  title: string;
  children?: ReactNode;
  /** The dialog's buttons. */
  actions: ReactNode;
  onClose?: () => void;
}

export function Modal({ title, children, actions, onClose }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useFocusTrap(dialogRef, onClose);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}
