// Runs before the first paint (a blocking <script> in index.html) so a dark-mode user never sees a
// white flash. A file rather than an inline script, so a strict Content-Security-Policy allows it.
// Keys and values must match src/lib/theme.ts and src/lib/i18n.ts.
(function () {
  try {
    var t = localStorage.getItem('caderneta.tema');
    var dark =
      t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    var l = localStorage.getItem('caderneta.idioma');
    if (l === 'en-US' || l === 'es-ES') document.documentElement.lang = l;
  } catch (e) {
    // Storage can be blocked (private mode); the default light theme is a fine fallback.
  }
})();
