import { useLocation } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { isSentQuery, withoutResultParams } from '../../config/paths';

export const CONGRATULATIONS_MESSAGE = 'Congratulations! Your recognition has been sent.';

/** Opens when the address says a recognition or payment just went through; OK cleans up and reloads. */
export function CongratulationsModal() {
  const { search } = useLocation();
  if (!isSentQuery(search)) return null;
  const dismiss = () => window.location.replace(withoutResultParams(window.location.href));
  return (
    <Modal
      title={CONGRATULATIONS_MESSAGE}
      onClose={dismiss}
      actions={
        <button type="button" className="button" onClick={dismiss}>
          OK
        </button>
      }
    />
  );
}
