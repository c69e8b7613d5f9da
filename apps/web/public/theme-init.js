// Runs before the first paint (see index.html): sets the stored theme and language on <html>
// so the page never flashes the wrong colours. Mirrors src/lib/theme-store.ts and
// src/i18n/language-store.ts; keep the keys in step.
(function () {
  var root = document.documentElement;
  try {
    var theme = localStorage.getItem('preciofab.theme');
    if (theme !== 'light' && theme !== 'dark') {
      theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    root.setAttribute('data-theme', theme);
    var language = localStorage.getItem('preciofab.language') || localStorage.getItem('language');
    root.lang = language === 'en' || language === 'en-US' ? 'en-US' : 'es-MX';
  } catch {
    root.setAttribute('data-theme', 'light');
  }
})();
