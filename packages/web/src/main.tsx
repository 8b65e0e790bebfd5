import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { sessionQueryKey, takeBootSession } from './lib/get-session';
import { setLocale, setReaderCountry } from './lib/i18n';
import { readerCountryOf } from './lib/site-location';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The app's version comes with the entry URL only (a page the native app opens); keep it for the pages that follow
// (support history). Only those pages load the code that keeps it.
if (new URLSearchParams(window.location.search).has('app_version')) {
  void import('./lib/app-version').then((m) => m.rememberAppVersion(window.location.search));
}

// One cache and one router for the page's lifetime, made outside React so StrictMode cannot double them.
const queryClient = createQueryClient();

// The first render is already in the reader's language: the session the server wrote into the page names it, and
// that language's file (one small chunk) loads before React starts.
const bootSession = takeBootSession();
if (bootSession) queryClient.setQueryData(sessionQueryKey, bootSession);
const language = setLocale(bootSession?.language ?? navigator.language);
// Dates and numbers as the server wrote them: setting the country later would re-render every translated text.
setReaderCountry(readerCountryOf(bootSession));

// A public page the server rendered (docs/ssr.md) carries its router and query state (app/hydrate.tsx takes over).
const serverState = document.getElementById('ssr-state');
if (serverState) {
  void import('./app/hydrate').then((m) => m.hydratePage(container, queryClient, serverState, language));
} else {
  const router = createAppRouter(queryClient);
  void language.then(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
    // Keeps the description, canonical and Open Graph tags right on the next pages (its own chunk, loaded after).
    void import('./app/head-sync').then((m) => m.syncPageHead(router, queryClient));
  });
}
