import { isLayoutSetting, LAYOUT_KEY, storedLayout } from '../lib/tv/layoutSetting.ts';

/**
 * My account's layout control (issue 20 §4, decision 0300): shows the stored setting, keeps a new choice where the
 * head's inline script reads it (components/TvLayoutHead.astro) and reloads, so the layout is applied before the
 * first paint exactly as `?layout=` does, and the remote's module loads only in the tv layout.
 */
for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-layout-picker]')) {
  select.value = storedLayout(globalThis.localStorage);
  select.addEventListener('change', () => {
    if (!isLayoutSetting(select.value)) return;
    try {
      localStorage.setItem(LAYOUT_KEY, select.value);
      window.location.reload();
    } catch {
      // Storage refused: the address carries the choice (the head script applies it for this page).
      const url = new URL(window.location.href);
      url.searchParams.set('layout', select.value);
      window.location.assign(url.href);
    }
  });
  select.closest('.layout-picker')?.setAttribute('data-ready', 'true');
}
