import { flushTelemetry } from '../stores/telemetry.ts';

/** How often queued telemetry is sent while the page is open. */
export const TELEMETRY_FLUSH_INTERVAL_MS = 30_000;

/**
 * Delivers queued player telemetry: on start (events left by an earlier page), every 30 s, as soon as the
 * network comes back, and as the tab hides (keepalive, so the request survives the tab closing). A page
 * with nothing queued loads nothing (stores/telemetry.ts `flushTelemetry`).
 */
export function startTelemetryJob(): () => void {
  const flush = (opts?: { closing?: boolean; force?: boolean }) => void flushTelemetry(opts).catch(() => {});
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush({ closing: true, force: true });
  };
  const onPageHide = () => flush({ closing: true, force: true });
  const onOnline = () => flush({ force: true });
  flush();
  const timer = setInterval(flush, TELEMETRY_FLUSH_INTERVAL_MS);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('online', onOnline);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('online', onOnline);
  };
}
