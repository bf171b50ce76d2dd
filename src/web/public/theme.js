// The colour theme, set on <html> as data-theme="light" or "dark" before the page is first drawn
// (so a dark page never flashes light). A classic script, loaded from index.html ahead of the
// styles, because the site's Content-Security-Policy allows no inline script and a module script
// runs only after the first paint. The choice ("light", "dark", or "system" to follow the
// system's setting) is stored by the theme menu (ThemeMenu.tsx) under the same key, which tells
// this script with a "tessera:theme" event; another tab's change arrives as a "storage" event.
(() => {
  const KEY = 'tessera.theme';
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  const chosen = () => {
    try {
      const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
      return value === 'light' || value === 'dark' ? value : 'system';
    } catch {
      return 'system';
    }
  };
  const apply = () => {
    const choice = chosen();
    document.documentElement.dataset.theme =
      choice === 'system' ? (system.matches ? 'dark' : 'light') : choice;
  };
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('storage', apply);
  window.addEventListener('tessera:theme', apply);
})();
