import { isLang, LANG_COOKIE, type Lang } from '../i18n/langs.ts';

/**
 * Stores the viewer's choice (a year-long cookie the server reads) and re-renders the page in it. The session
 * lives in its own cookie, so nothing else is lost.
 */
function chooseLang(lang: Lang) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  window.location.reload();
}

// Every picker on the page (the header's, and /my's). A choice made before this ran is applied at once.
for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-lang-picker]')) {
  const apply = () => {
    if (isLang(select.value) && select.value !== document.documentElement.lang) chooseLang(select.value);
  };
  select.addEventListener('change', apply);
  select.closest('.lang-picker')?.setAttribute('data-ready', 'true');
  apply();
}
