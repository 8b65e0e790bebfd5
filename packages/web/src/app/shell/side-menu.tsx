import { mayListBookings, routes } from '@selfserve/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoginPrompt } from '../../components/login-prompt';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { LanguagePicker } from './language-picker';

export const SIDE_MENU_ID = 'side-menu';

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  loginHref: string;
}

/**
 * The drawer with My Bookings and My tickets (signed in) or the login prompt (visitor). Its contents render only while
 * open so hidden copies of the login prompt never compete with the page's own.
 */
export function SideMenu({ open, onClose, loginHref }: SideMenuProps) {
  const { t } = useI18n();
  const { user, ukHost } = useSession();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Move focus into the drawer so keyboard users land on its first item.
    if (open) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  return (
    <div id={SIDE_MENU_ID} className="side-menu" hidden={!open}>
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
            <ul className="side-menu__list">
              <li>
                <Link to={routes.home}>{t('header.supportHome')}</Link>
              </li>
              {user ? (
                <>
                  {/* Only for those who may list bookings: food-delivery riders cannot (core.md §6). */}
                  {mayListBookings(user.role) ? (
                    <li>
                      <Link to={routes.bookings}>{t('menu.myBookings')}</Link>
                    </li>
                  ) : null}
                  <li>
                    <Link to={routes.tickets}>{t('menu.myTickets')}</Link>
                  </li>
                </>
              ) : null}
            </ul>
            <LanguagePicker className="side-menu__language" />
            {!user && !ukHost ? <LoginPrompt loginHref={loginHref} /> : null}
          </nav>
        </>
      ) : null}
    </div>
  );
}
