/* global window, document */
// Runs before the app so the first paint already has the right theme (no flash) and language (a
// signed-in page's frame is drawn before the app runs: build/page-shell.ts). The app's own logic
// lives in src/lib/theme.ts and src/lib/i18n/i18n.ts (initialLocale); this file repeats only the
// few lines needed at start-up.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage unavailable: follow the system.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  }
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  var icon = document.getElementById('favicon');
  if (icon) icon.setAttribute('href', '/favicon-' + theme + '.svg');

  // The locale of this device's last visit, else the first of the browser's languages that the
  // app speaks (its full locale is the app's business: the frame needs the language).
  var locale = null;
  try {
    locale = window.localStorage.getItem('locale');
  } catch {
    // Storage unavailable: the browser's languages decide.
  }
  var spoken = ['en', 'de', 'fr', 'es', 'it', 'ja'];
  var wishes = locale ? [locale] : window.navigator.languages || [window.navigator.language];
  for (var index = 0; index < wishes.length; index++) {
    var language = String(wishes[index] || '')
      .slice(0, 2)
      .toLowerCase();
    if (spoken.indexOf(language) >= 0) {
      root.lang = language;
      break;
    }
  }
})();
