// The only script a server-rendered page starts with (docs/ssr.md "First paint"). The page's HTML and CSS (written
// into it) are already readable, so the app's modules (about 120 KB) are fetched once that page has been painted, not
// before: on a slow link they would otherwise share its bandwidth with the HTML and hold the first paint back. The
// server lists them in the page (BOOT_MODULES_ID): the app's entry first, then everything it and the page's routes
// import, all requested at once so that nothing waits for a chain of imports.

/** The JSON list of module URLs the server writes into a server-rendered page (packages/server/src/ssr). */
const BOOT_MODULES_ID = 'boot-modules';

// The modules below run in the order they arrive, so a schema may be parsed before lib/config.ts has told zod not to
// probe `new Function` (which the CSP refuses and reports): the same setting, made first.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

/** Starting a module's fetch costs the page a moment: at most this many in one task, so none of them is long. */
const IMPORTS_PER_TASK = 3;

/**
 * The server writes the page's stylesheets into it as `<style data-href>` (nothing to fetch before the first paint).
 * The app's lazy pages load a stylesheet unless a `<link rel="stylesheet">` already names it (Vite's preload): each
 * inlined sheet gets one, disabled — a disabled stylesheet is neither fetched nor applied, so the page is not styled
 * again (a stylesheet arriving makes the browser recompute the whole page's style: a long task on a slow phone).
 */
function markInlinedStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = style.dataset.href as string;
    style.after(link);
  }
}

/**
 * Vite's preload helper (the lazy routes' `import()`s, which hydration resolves) adds a `<link rel="modulepreload">`
 * for each module of theirs that no `<link>` in the page names yet: 24–43 links on a public page, each one more
 * request for the browser to look up, for modules this script has already imported. Each module gets a link with a
 * relation the browser ignores, `app-module`, which the helper takes as named.
 */
function nameModules(modules: string[]): void {
  const links = document.createDocumentFragment();
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'app-module';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

function startApp(): void {
  markInlinedStyles();
  const element = document.getElementById(BOOT_MODULES_ID);
  const modules = JSON.parse(element?.textContent ?? '[]') as string[];
  nameModules(modules);
  // Each module runs as soon as it and what it imports have arrived, so the app's code is evaluated in several
  // short tasks rather than one long one.
  const next = (from: number) => {
    for (const href of modules.slice(from, from + IMPORTS_PER_TASK)) void import(/* @vite-ignore */ href);
    if (from + IMPORTS_PER_TASK < modules.length) setTimeout(() => next(from + IMPORTS_PER_TASK), 0);
  };
  next(0);
}

let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  startApp();
};
// Once the whole page has been painted: this script runs when the HTML is parsed, but a frame may still show only
// part of it (the parser paints as it goes), so two frames on (a timer queued from requestAnimationFrame runs after
// that frame). A page opened in a background tab paints no frame: the timer starts the app anyway.
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startOnce, 0)));
setTimeout(startOnce, 200);
