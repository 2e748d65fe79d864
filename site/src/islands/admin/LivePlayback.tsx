import type { LiveChannelView, PlaybackQuantiles } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { useId } from 'react';
import type { AdminKey, AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';

type Playback = LiveChannelView['playback'];
interface Row {
  id: keyof Playback;
  label: AdminKey;
  q: PlaybackQuantiles | null;
  /** What the count of values is said as: viewer-minutes, plays, channel changes. */
  basis: 'admin.live.playback.minutes' | 'admin.live.playback.plays' | 'admin.live.playback.changes';
}

/**
 * A channel's playback for its viewers over the last hour, on its card (issue 41, decision 0444): delay to viewers,
 * start-up and channel change, p50 and p95, from the players' telemetry (the list's poll brings them). A table,
 * each measure a row header, named by the channel and the title; "no viewers yet" when no player reported.
 */
export function LivePlayback({
  c,
  t,
  lang,
  channelTitleId,
}: {
  c: LiveChannelView;
  t: AdminT;
  lang: Lang;
  /** The card's heading, which names the table with the title here. */
  channelTitleId: string;
}) {
  const titleId = useId();
  const p = c.playback;
  const number = (v: number, digits = 0) =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  // Milliseconds below a second, else seconds to a tenth ("2.3 s"): short enough for three columns on a phone.
  const time = (ms: number) =>
    ms < 1000
      ? t('admin.dashboard.ms', { value: number(ms) })
      : t('admin.live.playback.seconds', { value: number(ms / 1000, 1) });
  const rows: Row[] = [
    {
      id: 'latency',
      label: 'admin.live.playback.latency',
      q: p.latency,
      basis: 'admin.live.playback.minutes',
    },
    { id: 'startup', label: 'admin.live.playback.startup', q: p.startup, basis: 'admin.live.playback.plays' },
    {
      id: 'channelChange',
      label: 'admin.live.playback.channelChange',
      q: p.channelChange,
      basis: 'admin.live.playback.changes',
    },
  ];
  const reported = rows.some((r) => r.q);
  const share = p.latency
    ? new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
        p.latency.lowLatencyShare,
      )
    : '';
  const value = (r: Row, pick: 'p50Ms' | 'p95Ms') =>
    r.q ? time(r.q[pick]) : t('admin.live.playback.notReported');
  return (
    // Not a landmark: a screen of many channels would have as many of the same name.
    <div className="console-live-playback" data-testid="live-playback">
      <h4 id={titleId}>{t('admin.live.playback.title')}</h4>
      <ConsoleTable
        labelledBy={`${channelTitleId} ${titleId}`}
        rows={reported ? rows : []}
        rowKey={(r) => r.id}
        rowData={(r) => ({ 'data-measure': r.id, 'data-state': r.q ? 'reported' : 'none' })}
        empty={t('admin.live.playback.none')}
        columns={[
          {
            header: t('admin.live.playback.measure'),
            rowHeader: true,
            cell: (r) => (
              <>
                {t(r.label)}
                {r.q && <div className="console-hint">{t.count(r.basis, r.q.count)}</div>}
                {r.id === 'latency' && r.q && (
                  <div className="console-hint">{t('admin.live.playback.lowLatency', { share })}</div>
                )}
              </>
            ),
          },
          { header: t('admin.live.playback.p50'), cell: (r) => value(r, 'p50Ms') },
          { header: t('admin.live.playback.p95'), cell: (r) => value(r, 'p95Ms') },
        ]}
      />
    </div>
  );
}
