import type { LiveChannelView } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { useId } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { dateFormat, timeFormat } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/langs.ts';
import { LiveHealthHistory } from './LiveHealthHistory.tsx';
import { LivePlayback } from './LivePlayback.tsx';
import { useSourceOrder } from './useSourceOrder.tsx';

/** "12:01" today (a packager usually runs for hours), with the date before it on another day. */
function sinceText(lang: Lang, since: number): string {
  const time = timeFormat(lang)(since);
  return new Date(since).toDateString() === new Date().toDateString()
    ? time
    : `${dateFormat(lang)(since)} ${time}`;
}

type Source = LiveChannelView['sources'][number];

/**
 * One channel on /admin/live: its mode, what is on air, viewers, switches and disk, each source's health, how it
 * played for its viewers in the last hour (issue 41) and the last 24 hours. An editor opens its sources, reorders them (a drag, or the arrow keys on a row's handle), makes a
 * backup the primary in one click, or puts a source on air now (issue 37).
 */
export function LiveChannelHealth({
  c,
  t,
  lang,
  canEdit,
  busy,
  onEdit,
  onMove,
  onSwitch,
}: {
  c: LiveChannelView;
  t: AdminT;
  lang: Lang;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  /** Moves a source from one position to another (1: the primary). */
  onMove: (from: number, to: number) => void;
  onSwitch: (position: number) => void;
}) {
  const titleId = useId();
  const several = canEdit && c.sources.length > 1;
  // An imported channel's stream is the import's: its order is the line-up source's.
  const ordered = several && c.sources.every((s) => s.origin === 'operator');
  const order = useSourceOrder({ c, t, idPrefix: titleId, busy, onMove });
  /** A source's button in a column of actions, named with its source and channel for a screen reader. */
  const sourceButton = (label: string, named: string, onClick: () => void) => (
    <button
      type="button"
      className="console-button secondary"
      disabled={busy}
      aria-label={named}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <li className="console-card" data-testid="live-channel" data-channel={c.channelId}>
      <h3 id={titleId}>
        {c.name} <span className="console-hint">{c.channelId}</span>
      </h3>
      <p>
        {c.mode === 'record'
          ? t.count('admin.live.modeRecordShort', c.retentionDays)
          : t('admin.live.modeRelayShort')}
        {' · '}
        {!(c.running && c.activeSource)
          ? t('admin.live.idle')
          : c.askedSource === c.activeSource
            ? t('admin.live.onAirAsked', { n: c.activeSource })
            : t('admin.live.onAir', { n: c.activeSource })}
        {' · '}
        {t.count('admin.live.viewers', c.viewers)}
        {' · '}
        {t.count('admin.live.switches', c.switches24h)}
        {' · '}
        {t('admin.live.disk', { size: (c.diskBytes / 1e6).toFixed(1) })}
      </p>
      {c.packager && (
        // Which server of a cluster runs the channel's ffmpeg, from the shared lock (decisions 0317, 0370).
        <p className="console-hint" data-testid="live-packager">
          {t('admin.live.packager', { server: c.packager.server, time: sinceText(lang, c.packager.since) })}
        </p>
      )}
      {c.diskFull && (
        <p className="console-error" role="alert">
          {t('admin.live.diskFull')}
        </p>
      )}
      {/* The table's rows are where a dragged source is dropped (the kit's table takes no handlers). */}
      <div className="console-live-sources" {...(ordered ? order.drop : {})}>
        <ConsoleTable
          labelledBy={titleId}
          rows={c.sources}
          rowKey={(s) => String(s.position)}
          rowData={(s) => ({
            'data-state': s.state,
            'data-position': String(s.position),
            'data-drop': order.dropTarget(s) ? 'true' : undefined,
          })}
          empty="—"
          columns={[
            { header: t('admin.live.col.position'), cell: (s) => s.position },
            {
              header: t('admin.live.col.url'),
              cell: (s) => (
                <>
                  <code>{s.url}</code>
                  {s.origin === 'import' && <div className="console-hint">{t('admin.live.fromImport')}</div>}
                </>
              ),
            },
            { header: t('admin.live.col.state'), cell: (s) => t(`admin.live.state.${s.state}`) },
            {
              header: t('admin.live.col.bitrate'),
              // A dead source says since when, never its last bitrate (issue 37).
              cell: (s) =>
                s.downSince
                  ? t('admin.live.noSignal', { time: sinceText(lang, s.downSince) })
                  : s.bitrate
                    ? t('admin.live.kbps', { n: Math.round(s.bitrate / 1000) })
                    : '–',
            },
            {
              header: t('admin.live.col.codecs'),
              cell: (s) => [s.videoCodec, s.audioCodec].filter(Boolean).join(' / ') || '–',
            },
            { header: t('admin.live.col.resolution'), cell: (s) => s.resolution ?? '–' },
            {
              header: t('admin.live.col.error'),
              cell: (s) => (s.lastError ? t(`admin.live.failure.${s.lastError}`) : '–'),
            },
            ...(several && c.running
              ? [
                  {
                    header: t('admin.live.col.onAir'),
                    cell: (s: Source) =>
                      s.position === c.activeSource
                        ? t('admin.live.onAirNow')
                        : s.position === c.askedSource
                          ? // Asked, not yet delivering: it takes over with its first segment.
                            t('admin.live.switchAsked')
                          : sourceButton(
                              t('admin.live.switch'),
                              t('admin.live.switchOf', { n: s.position, name: c.name }),
                              () => onSwitch(s.position),
                            ),
                  },
                ]
              : []),
            ...(ordered
              ? [
                  {
                    header: t('admin.live.col.actions'),
                    cell: (s: Source) => (
                      <span className="console-order">
                        {order.handle(s)}
                        {s.position === 1
                          ? t('admin.live.primary')
                          : sourceButton(
                              t('admin.live.makePrimary'),
                              t('admin.live.makePrimaryOf', { n: s.position, name: c.name }),
                              () => order.move(s.position, 1),
                            )}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <LivePlayback c={c} t={t} lang={lang} channelTitleId={titleId} />
      <LiveHealthHistory c={c} t={t} lang={lang} />
      {canEdit && (
        <button type="button" className="console-button secondary" disabled={busy} onClick={onEdit}>
          {t('admin.live.edit', { name: c.name })}
        </button>
      )}
    </li>
  );
}
