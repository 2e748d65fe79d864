import type { LiveChannelView, LiveSourceTestResult } from '@ottkit/api-client/contract';
import { useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi, consoleErrorText } from '../../lib/console.ts';

type Tested = { url: string } & ({ result: LiveSourceTestResult } | { refused: string });

/** A source's test in words: what it carries, or why it cannot be read (the failure texts of the health list). */
function said(t: AdminT, r: LiveSourceTestResult, video: LiveChannelView['video']): string {
  if (!r.ok) return t(`admin.live.failure.${r.error ?? 'other'}`);
  const parts = [
    [r.videoCodec, r.audioCodec].filter(Boolean).join(' / '),
    r.resolution,
    r.bitrate ? t('admin.live.kbps', { n: Math.round(r.bitrate / 1000) }) : undefined,
  ].filter(Boolean);
  const text = t('admin.live.test.ok', { what: parts.join(' · ') });
  // Copied video must be H.264 to play in browsers: said now, not after the save.
  return r.videoCodec && r.videoCodec !== 'h264' && video === 'copy'
    ? `${text} ${t('admin.live.failure.codec')}`
    : text;
}

/**
 * "Test the sources" (issue 37, decision 0382): each line of the editor read by the server in turn, before the
 * save, with its result under it. Masked lines stand for the channel's stored URL (`channelId`).
 */
export function LiveInputTest({
  t,
  channelId,
  lines,
  video,
  disabled,
}: {
  t: AdminT;
  channelId: string;
  lines: string[];
  video: LiveChannelView['video'];
  disabled: boolean;
}) {
  const [tested, setTested] = useState<Tested[]>([]);
  const [testing, setTesting] = useState<number | null>(null);
  // A line listed twice is tested once (the save refuses it anyway).
  const unique = [...new Set(lines)];

  const run = async () => {
    const done: Tested[] = [];
    setTested([]);
    for (const [i, url] of unique.entries()) {
      setTesting(i + 1);
      try {
        done.push({ url, result: await consoleApi.operator.liveSourceTest({ url, channelId }) });
      } catch (e) {
        done.push({ url, refused: consoleErrorText(e, t) });
      }
      setTested([...done]);
    }
    setTesting(null);
  };

  return (
    <div className="console-field" data-testid="live-input-test">
      <div className="console-row">
        <button
          type="button"
          className="console-button secondary"
          disabled={disabled || testing !== null || unique.length === 0}
          onClick={() => void run()}
        >
          {t('admin.live.test.button')}
        </button>
        <p className="console-hint" aria-live="polite">
          {testing !== null
            ? t('admin.live.test.progress', { n: testing, total: unique.length })
            : t('admin.live.test.hint')}
        </p>
      </div>
      {tested.length > 0 && (
        <ol className="console-list console-test-results" aria-label={t('admin.live.test.results')}>
          {tested.map((x) => {
            const ok = 'result' in x && x.result.ok;
            return (
              <li key={x.url} data-ok={ok}>
                <code>{x.url}</code>
                <p className={ok ? 'console-ok' : 'console-error'}>
                  {'result' in x ? said(t, x.result, video) : x.refused}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
