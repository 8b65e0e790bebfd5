import { type Chrome, chromeFor, routes, searchBoxVisible, seesRiderCards } from '@selfserve/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MembershipStamp } from '../../components/membership-stamp';
import { useLogout } from '../../features/auth/api/logout';
import { KbSearchBox } from '../../features/kb/components/kb-search-box';
import { useI18n } from '../../lib/i18n';
import { loginHref } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { useCollapsingHeader } from './use-collapsing-header';

const SIDE_MENU_ID = 'side-menu';
// The drawer is fetched when the menu button is first pointed at, focused or pressed: most pages never open it, so
// the first page does not carry it (nor the modal-dialog code it uses).
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })));

/** The site header; what it offers is the entry mode's chrome (contract chromeFor), passed by the shell. */
export function Header({ chrome: given }: { chrome?: Chrome } = {}) {
  const { t } = useI18n();
  const { user, ukHost, isMember, status, inApp, entryMode, appDownloadUrl } = useSession();
  const chrome = given ?? chromeFor({ entryMode, inApp, popup: false });
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  // Phones: hides while scrolling down, back when scrolling up; its height feeds scroll-padding-top (styles.css).
  const collapsed = useCollapsingHeader(header);
  const signInHref = loginHref(`${location.pathname}${location.search}`);
  const showSearch = searchBoxVisible({ inApp, entryMode, ukHost, userCountry: user?.country_code });

  const closeMenu = useCallback((restoreFocus: boolean) => {
    setMenuOpen(false);
    if (restoreFocus) toggle.current?.focus();
  }, []);

  // A navigation from inside the drawer should not leave it covering the new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMenu(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenu]);

  const onLogout = () => {
    void logout.signOut().then((done) => done && navigate(routes.home));
  };

  return (
    <header ref={header} className={collapsed ? 'site-header site-header--collapsed' : 'site-header'}>
      <div className="site-header__bar">
        {chrome.sideMenu ? (
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={SIDE_MENU_ID}
            onPointerEnter={() => void loadSideMenu()}
            onFocus={() => void loadSideMenu()}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen((open) => !open);
            }}
          >
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
              <path fill="currentColor" d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
            </svg>
            <span className="visually-hidden">{t('header.menu')}</span>
          </button>
        ) : null}
        <Link to={routes.home} className="brand" aria-label={t('header.homeLabel')}>
          <Logo />
          <span className="brand__name" aria-hidden="true">
            {t('header.brand')}
          </span>
        </Link>
        <nav className="site-header__nav" aria-label={t('header.brand')}>
          <Link to={routes.home}>{t('header.supportHome')}</Link>
          {/* The UK site offers no app download (core.md §6); the entry mode's chrome says whether there is one, and
              the server's configuration where it leads this browser (APP_DOWNLOAD_URL…): nothing configured, no link. */}
          {ukHost || !chrome.downloadLink || !appDownloadUrl ? null : (
            <a href={appDownloadUrl} className="download-link" data-testid="download-app-link" rel="noopener">
              {t('header.downloadApp')}
            </a>
          )}
        </nav>
        {showSearch ? <KbSearchBox /> : null}
        <LanguagePicker className="site-header__language" />
        <div className="site-header__account">
          {user ? (
            <>
              {isMember && seesRiderCards({ role: user.role, entryMode }) ? <MembershipStamp /> : null}
              <span className="account-email">
                <span className="visually-hidden">{t('header.signedInAs')} </span>
                <span data-testid="header-email">{user.email}</span>
              </span>
              {/* Inside a host app the app owns the session (core.md §6): the mode's chrome offers no sign-out. */}
              {chrome.logout ? (
                <button
                  type="button"
                  className="button button--secondary"
                  data-testid="logout-button"
                  onClick={onLogout}
                  disabled={logout.isPending}
                >
                  {t('header.logout')}
                </button>
              ) : null}
            </>
          ) : ukHost || status === 'loading' ? null : (
            <Link to={signInHref} className="button button--secondary" data-testid="login-link">
              {t('header.login')}
            </Link>
          )}
        </div>
      </div>
      {chrome.sideMenu && menuUsed ? (
        <Suspense fallback={null}>
          <SideMenu
            id={SIDE_MENU_ID}
            open={menuOpen}
            onClose={() => closeMenu(true)}
            loginHref={signInHref}
            downloadHref={ukHost || !chrome.downloadLink ? null : appDownloadUrl}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
