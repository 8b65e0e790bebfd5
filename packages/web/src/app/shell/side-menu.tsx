import { agentRoutes, offersBookings, routes } from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoginPrompt } from '../../components/login-prompt';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { LanguagePicker } from './language-picker';

export interface SideMenuProps {
  /** The element id the header's menu button controls. */
  id: string;
  open: boolean;
  onClose: () => void;
  loginHref: string;
  /** The app download link (the header's own is hidden on phones), or null where the entry mode offers none. */
  downloadHref?: string | null;
}

/**
 * The drawer with My Bookings and My tickets (signed in) or the login prompt (visitor). Its contents render only while
 * open so hidden copies of the login prompt never compete with the page's own. A native modal `<dialog>`
 * (useModalDialog): the page behind is inert, Tab stays in the drawer, Escape closes it; the header gives focus back
 * to the menu button.
 */
export function SideMenu({ id, open, onClose, loginHref, downloadHref = null }: SideMenuProps) {
  const { t } = useI18n();
  const { user, ukHost, entryMode } = useSession();
  const panel = useRef<HTMLElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, open, { onClose, returnFocus: false });

  useEffect(() => {
    // Move focus into the drawer so keyboard users land on its first item.
    if (open) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  return (
    <dialog id={id} className="side-menu" ref={dialog} aria-label={t('menu.label')}>
      {open ? (
        <>
          {/* Pointer convenience only: keyboard users have Escape and the close button. */}
          <div className="side-menu__backdrop" aria-hidden="true" onClick={onClose} />
          <nav className="side-menu__panel" aria-label={t('menu.label')} ref={panel}>
            <button type="button" className="side-menu__close" aria-label={t('menu.close')} onClick={onClose}>
              <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
                <path
                  fill="currentColor"
                  d="M3.5 2 8 6.5 12.5 2 14 3.5 9.5 8l4.5 4.5-1.5 1.5L8 9.5 3.5 14 2 12.5 6.5 8 2 3.5z"
                />
              </svg>
            </button>
            {user ? (
              // The header shows the e-mail on wider screens only.
              <p className="side-menu__account">
                {t('header.signedInAs')} <span className="account-email">{user.email}</span>
              </p>
            ) : null}
            <ul className="side-menu__list">
              <li>
                <Link to={routes.home}>{t('header.supportHome')}</Link>
              </li>
              {user ? (
                <>
                  {/* Only for those who may list bookings: food-delivery riders cannot (core.md §6). */}
                  {offersBookings({ role: user.role, entryMode }) ? (
                    <li>
                      <Link to={routes.bookings}>{t('menu.myBookings')}</Link>
                    </li>
                  ) : null}
                  <li>
                    <Link to={routes.tickets}>{t('menu.myTickets')}</Link>
                  </li>
                  {user.staff_role ? (
                    <li>
                      <Link to={agentRoutes.home}>{t('menu.agentConsole')}</Link>
                    </li>
                  ) : null}
                </>
              ) : null}
              {downloadHref ? (
                <li className="side-menu__download">
                  <a href={downloadHref} rel="noopener">
                    {t('header.downloadApp')}
                  </a>
                </li>
              ) : null}
            </ul>
            <LanguagePicker className="side-menu__language" />
            {!user && !ukHost ? <LoginPrompt loginHref={loginHref} /> : null}
          </nav>
        </>
      ) : null}
    </dialog>
  );
}
