import type { LiveChannelView, LiveHealthBucket } from '@ottkit/api-client/contract';
import { useId, useMemo, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { liveHistory } from '../../stores/console/liveInputs.ts';
import { type ChartSeries, TimeChart } from './TimeChart.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { when } from './when.ts';

const kbps = (bps: number) => Math.round(bps / 1000);

/**
 * A channel's last 24 hours on its card (issue 37): the bitrate on air, and the switches and source failures, in
 * five-minute buckets, read when the operator opens it (a day of buckets is not worth a poll). The figures are
 * said in one line above the charts, and each chart keeps its table for assistive technology.
 */
export function LiveHealthHistory({ c, t, lang }: { c: LiveChannelView; t: AdminT; lang: Lang }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [buckets, setBuckets] = useState<LiveHealthBucket[] | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    // Read again at each opening: the figures of the current five minutes move.
    if (opening)
      void act(async () => {
        setBuckets((await liveHistory(c.channelId)).buckets);
      });
  };

  const charts = useMemo(() => {
    if (!buckets) return null;
    const times = buckets.map((b) => b.at);
    const bitrate: ChartSeries[] = [
      {
        label: t('admin.live.history.kbps'),
        values: buckets.map((b) => (b.bitrate === null ? null : kbps(b.bitrate))),
        token: '--ok-color-success',
      },
    ];
    const events: ChartSeries[] = [
      {
        label: t('admin.live.history.switches'),
        values: buckets.map((b) => b.switches),
        token: '--ok-color-warning',
      },
      {
        label: t('admin.live.history.errors'),
        values: buckets.map((b) => b.errors),
        token: '--ok-color-danger',
      },
    ];
    const ran = buckets.filter((b) => b.bitrate !== null);
    const mean = ran.length ? ran.reduce((s, b) => s + (b.bitrate ?? 0), 0) / ran.length : null;
    const summary = t('admin.live.history.summary', {
      switches: t.count(
        'admin.live.switches',
        buckets.reduce((s, b) => s + b.switches, 0),
      ),
      failures: t.count(
        'admin.live.history.failures',
        buckets.reduce((s, b) => s + b.errors, 0),
      ),
      bitrate:
        mean === null ? t('admin.live.history.notRun') : t('admin.live.history.mean', { n: kbps(mean) }),
    });
    return { times, bitrate, events, summary };
  }, [buckets, t]);

  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="console-live-history">
      <button
        type="button"
        className="console-button secondary"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('admin.live.historyOf', { name: c.name })}
        onClick={toggle}
      >
        {t('admin.live.history')}
      </button>
      <div id={panelId} hidden={!open} data-testid="live-history">
        {open && busy && <p aria-busy="true">{t('admin.loading')}</p>}
        <Outcome outcome={outcome} />
        {open && charts && !busy && (
          <>
            <p data-testid="live-history-summary">{charts.summary}</p>
            <TimeChart
              t={t}
              title={t('admin.live.history.bitrate', { name: c.name })}
              times={charts.times}
              series={charts.bitrate}
              timeLabel={(at) => when(at, lang)}
              value={(v) => t('admin.live.kbps', { n: v })}
              zone={zone}
            />
            <TimeChart
              t={t}
              title={t('admin.live.history.events', { name: c.name })}
              times={charts.times}
              series={charts.events}
              timeLabel={(at) => when(at, lang)}
              value={String}
              bars
              zone={zone}
            />
          </>
        )}
      </div>
    </div>
  );
}
