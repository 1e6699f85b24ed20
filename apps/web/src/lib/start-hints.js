/**
 * Written into index.html before the app's own scripts (vite.config.ts, `startHints`; the build prepends
 * `const START = { signedIn, languages, defaultLanguage, loginPaths, keys }`: this build's files). The server's
 * content security policy allows it by its hash.
 *
 * The app's first fetches (the first screens' code, the language, the profile) start only once the boot
 * script has come and run: on a slow line that is a round trip after a download of most of the page's bytes.
 * This small script runs as the page is read and, from what this browser keeps (the session, the chosen
 * language), starts them with the boot script instead:
 * - the files the page will load, as `<link rel="modulepreload">` (a wrong guess costs only bytes);
 * - signed in, the user's profile, with the headers the app's API client sends (lib/api.ts); the client
 *   takes the answer once, for the same request, instead of asking again. Nothing is stored: the answer
 *   lives in this page only.
 */
/* global START */

(() => {
  let stored = null;
  let token = null;
  try {
    stored = localStorage.getItem(START.keys.language);
    token = localStorage.getItem(START.keys.token);
    // As lib/session.ts reads it: an expired token is no session.
    if (Date.parse(localStorage.getItem(START.keys.tokenExpiresAt) ?? '') <= Date.now()) token = null;
  } catch {
    // Storage unavailable: the sign-in page, in the default language.
  }
  const language = START.languages[stored] ? stored : START.defaultLanguage;
  const signInPage = Object.keys(START.loginPaths).find((lng) => START.loginPaths[lng] === location.pathname);
  const signedIn = Boolean(token) && !signInPage;
  // Signed in: the shell and the first screens with the whole language (app/router/AppRoutes.tsx). A sign-in
  // page: its own language's part, which it shows from the first render (main.tsx); elsewhere signed out, the
  // stored language's part for the sign-in page the app sends the visitor to.
  const files = signedIn
    ? [...START.signedIn, ...START.languages[language].all]
    : START.languages[signInPage ?? language].signIn;
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.append(link);
  }
  if (!signedIn) return;
  const headers = { Accept: 'application/json', lang: language, Authorization: `Bearer ${token}` };
  // The profile only: what the first screen shows depends on it. The list's first page asked for here too came
  // later on the bench, not sooner (docs/decisions/024-first-screens-in-few-files.md, move 14).
  const answers = { '/api/profile': fetch('/api/profile', { headers }) };
  // A failure is the app's to report, when it takes the answer.
  answers['/api/profile'].catch(() => undefined);
  window.wopStartAnswers = { headers, answers };
})();
