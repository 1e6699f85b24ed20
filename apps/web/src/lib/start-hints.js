/**
 * Named by index.html before the app's own scripts (built as /static/start-<hash>.js; the build prepends
 * `const START = { signedIn, languages, defaultLanguage, loginPaths, orderList, keys }`: this build's files,
 * and the order list's default request).
 *
 * The app's first fetches (the first screens' code, the language, the profile, the order list) start only
 * once the boot script has come and run: on a slow line that is a round trip after a download of most of
 * the page's bytes. This small script comes first and, from what this browser keeps (the session, the
 * chosen language), starts them with the boot script instead:
 * - the files the page will load, as `<link rel="modulepreload">` (a wrong guess costs only bytes);
 * - signed in, the user's profile and, on /orders as it opens, the list's first page, with the headers the
 *   app's API client sends (lib/api.ts); the client takes each answer once, for the same request, instead
 *   of asking again. Nothing is stored: the answers live in this page only.
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
  // page: the stored language's part for it (main.tsx) and the page's own (features/auth/pages/LoginPage.tsx).
  const files = signedIn
    ? [...START.signedIn, ...START.languages[language].all]
    : [...START.languages[language].signIn, ...(signInPage ? START.languages[signInPage].signIn : [])];
  for (const file of new Set(files)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.append(link);
  }
  if (!signedIn) return;
  const headers = { Accept: 'application/json', lang: language, Authorization: `Bearer ${token}` };
  const answers = {};
  for (const url of [
    '/api/profile',
    ...(location.pathname === '/orders' && !location.search ? [START.orderList] : []),
  ]) {
    answers[url] = fetch(url, { headers });
    // A failure is the app's to report, when it takes the answer.
    answers[url].catch(() => undefined);
  }
  window.wopStartAnswers = { headers, answers };
})();
