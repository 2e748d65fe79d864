import { withDataType } from '../lib/navigation.ts';
import { appendPagePath } from '../lib/pagePath.ts';

// Navigation rules of spec §2 that need the browser. Each page load is a navigation in this multi-page site,
// so the browser already scrolls to the top; here we record it and handle picture-in-picture and dataType.
const { pageId = 'unknown' } = document.body.dataset;
appendPagePath(sessionStorage, pageId, document.title);

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== location.origin) return;
  if (link.hash && link.pathname === location.pathname) return;
  const href = withDataType(link.pathname + link.search + link.hash, location.search);
  if (document.pictureInPictureElement) {
    // Leaving the page would end the floating video: open the destination in a new tab instead.
    event.preventDefault();
    window.open(href, '_blank', 'noopener');
  } else if (href !== link.pathname + link.search + link.hash) {
    event.preventDefault();
    location.assign(href);
  }
});
