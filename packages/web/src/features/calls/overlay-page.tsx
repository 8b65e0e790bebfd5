import { clickToCallHandling, routes, ticketRoutes } from '@selfserve/contract';
import { useId, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { readOverlayState } from './overlay-state';
import './calls.css';

/**
 * /overlay, the click-to-call failure popup (core.md §2, §4) as a modal page. Closing it after FAILURE goes back in
 * history to the page that asked (home when there is none); after INVALID_TOKEN that page is loaded afresh, which signs
 * the user in again as a deep link does (core.md §8 'Invalid token').
 */
export function OverlayPage() {
  const { t } = useI18n();
  const { switches } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const state = readOverlayState(location.state);
  const handling = clickToCallHandling(state.value);
  const title = t(handling.title ?? 'callOverlayTitle');
  useDocumentTitle(title);

  const close = () => {
    if (handling.onClose === 'reload') {
      window.location.replace(state.from ?? routes.home);
      return;
    }
    // The router's first entry has the key 'default': nothing of ours to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(routes.home, { replace: true });
  };
  useModalDialog(dialog, true, { onClose: close });

  return (
    <div className="page calls-overlay">
      <dialog
        ref={dialog}
        className="calls-overlay__dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-testid="call-overlay"
        data-value={state.value}
      >
        <h2 id={headingId}>{title}</h2>
        <p data-testid="call-overlay-message">{state.text ?? t(handling.fallbackMessage ?? 'genericFailure')}</p>
        <div className="calls-overlay__actions">
          {state.value === 'FAILURE' && switches.write_to_us ? (
            <Link to={ticketRoutes.writeToUs} className="button button--secondary">
              {t('calls.overlay.writeToUs')}
            </Link>
          ) : null}
          <button type="button" className="button" onClick={close} data-testid="call-overlay-close">
            {state.value === 'INVALID_TOKEN' ? t('calls.overlay.signIn') : t('calls.overlay.close')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
