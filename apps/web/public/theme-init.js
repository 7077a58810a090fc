/* global window, document */
// Runs before the app so the first paint already has the right theme (no flash). The app's own
// logic lives in src/lib/theme.ts; this file repeats only the few lines needed at start-up.
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
})();
