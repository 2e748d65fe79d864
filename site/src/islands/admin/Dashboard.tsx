import { DASHBOARD_WINDOWS, type Dashboard as Data, type DashboardWindow } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { useEffect, useMemo, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { countByGroup } from '../../lib/playErrorGroup.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { TimeChart } from './TimeChart.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

/** /admin/dashboard (issue 18): viewers now, plays and quality of experience, for every role. */
export default function Dashboard({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [window, setWindow] = useState<DashboardWindow>('24h');
  const [data, setData] = useState<Data>();
  const { outcome, act } = useConsoleAction(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the period changes only
  useEffect(() => {
    void act(async () => setData(await consoleApi.operator.dashboardGet({ window })));
  }, [window]);

  const ms = (v: number) => t('admin.dashboard.ms', { value: new Intl.NumberFormat(lang).format(v) });
  const count = (v: number) => new Intl.NumberFormat(lang).format(v);
  const hourly = data?.bucketMs === 3_600_000;
  const timeLabel = useMemo(() => {
    const f = new Intl.DateTimeFormat(lang, {
      timeZone: 'UTC',
      ...(hourly
        ? { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' }
        : { dateStyle: 'medium' }),
    });
    return (at: number) => f.format(at);
  }, [lang, hourly]);
  const times = useMemo(() => data?.buckets.map((b) => b.at) ?? [], [data]);
  const plays = useMemo(
    () => [
      {
        label: t('admin.dashboard.plays'),
        values: data?.buckets.map((b) => b.plays) ?? [],
        token: '--ok-color-accent',
      },
    ],
    [data, t],
  );
  const startup = useMemo(
    () => [
      {
        label: t('admin.dashboard.startupP50'),
        values: data?.buckets.map((b) => b.startupP50Ms) ?? [],
        token: '--ok-color-success',
      },
      {
        label: t('admin.dashboard.startupP95'),
        values: data?.buckets.map((b) => b.startupP95Ms) ?? [],
        token: '--ok-color-warning',
      },
    ],
    [data, t],
  );
  const channelChange = useMemo(
    () => [
      {
        label: t('admin.dashboard.channelChangeP50'),
        values: data?.buckets.map((b) => b.channelChangeP50Ms ?? null) ?? [],
        token: '--ok-color-success',
      },
      {
        label: t('admin.dashboard.channelChangeP95'),
        values: data?.buckets.map((b) => b.channelChangeP95Ms ?? null) ?? [],
        token: '--ok-color-warning',
      },
    ],
    [data, t],
  );

  const q = data?.qoe;
  const zapNote =
    q?.channelChangeP50Ms == null
      ? t('admin.dashboard.notReported')
      : t('admin.dashboard.zaps', { count: count(q.channelChanges ?? 0) });
  const tiles = data
    ? [
        {
          id: 'viewers',
          label: t('admin.dashboard.viewersNow'),
          value: count(data.viewersNow.total),
          note: t('admin.dashboard.viewersNote', { minutes: data.viewersNow.minutes }),
        },
        {
          id: 'plays',
          label: t('admin.dashboard.plays'),
          value: count(q?.plays ?? 0),
          // The plays the origin served that no player reported are in the figure (decision 0389): say how many.
          note: q?.playsByServer
            ? t('admin.dashboard.playsByServer', { count: count(q.playsByServer) })
            : undefined,
        },
        {
          id: 'startup-p50',
          label: t('admin.dashboard.startupP50'),
          value: q?.startupP50Ms == null ? '—' : ms(q.startupP50Ms),
        },
        {
          id: 'startup-p95',
          label: t('admin.dashboard.startupP95'),
          value: q?.startupP95Ms == null ? '—' : ms(q.startupP95Ms),
        },
        {
          id: 'rebuffering',
          label: t('admin.dashboard.rebuffering'),
          value: new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(
            q?.rebufferingRatio ?? 0,
          ),
        },
        { id: 'errors', label: t('admin.dashboard.errors'), value: count(q?.errors ?? 0) },
        {
          id: 'channel-change',
          label: t('admin.dashboard.channelChangeP50'),
          value: q?.channelChangeP50Ms == null ? '—' : ms(q.channelChangeP50Ms),
          note: zapNote,
        },
        {
          id: 'channel-change-p95',
          label: t('admin.dashboard.channelChangeP95'),
          value: q?.channelChangeP95Ms == null ? '—' : ms(q.channelChangeP95Ms),
        },
      ]
    : [];

  return (
    <div className="console-dashboard" data-ready={ready && data !== undefined}>
      <label className="console-field console-period">
        <span>{t('admin.dashboard.window')}</span>
        <select
          value={window}
          onChange={(e) => setWindow(e.target.value as DashboardWindow)}
          disabled={!ready}
        >
          {DASHBOARD_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {t(`admin.dashboard.window.${w}`)}
            </option>
          ))}
        </select>
      </label>
      <Outcome outcome={outcome} />
      {data && (
        <>
          <dl className="console-tiles">
            {tiles.map((tile) => (
              <div className="console-card console-tile" key={tile.id} data-testid={`tile-${tile.id}`}>
                <dt>{tile.label}</dt>
                <dd>{tile.value}</dd>
                {tile.note && <dd className="console-tile-note">{tile.note}</dd>}
              </div>
            ))}
          </dl>
          <div className="console-grid console-charts">
            <TimeChart
              t={t}
              title={t(hourly ? 'admin.dashboard.playsPer.hour' : 'admin.dashboard.playsPer.day')}
              times={times}
              series={plays}
              timeLabel={timeLabel}
              value={count}
              bars
            />
            <TimeChart
              t={t}
              title={t('admin.dashboard.startupChart')}
              times={times}
              series={startup}
              timeLabel={timeLabel}
              value={ms}
            />
            <TimeChart
              t={t}
              title={t('admin.dashboard.channelChangeChart')}
              times={times}
              series={channelChange}
              timeLabel={timeLabel}
              value={ms}
            />
          </div>
          <div className="console-grid">
            <Table
              title={t('admin.dashboard.perChannel')}
              head={[t('admin.dashboard.channel'), t('admin.dashboard.viewers')]}
              // The line-up's number and name (decision 0370); a source that is no channel keeps its id.
              rows={data.viewersNow.channels.map((c) => [
                c.name ? `${c.number} · ${c.name}` : c.sourceId,
                count(c.viewers),
              ])}
              none={t('admin.dashboard.nobodyNow')}
            />
            <Table
              title={t('admin.dashboard.errorsByKind')}
              head={[t('admin.dashboard.kind'), t('admin.dashboard.count')]}
              // In words by what failed, never the engine's code (issue 37).
              rows={countByGroup(data.errorsByKind).map((e) => [
                e.group ? t(`admin.dashboard.kind.${e.group}`) : t('admin.dashboard.kind.unknown'),
                count(e.count),
              ])}
              none={t('admin.dashboard.none')}
            />
          </div>
        </>
      )}
    </div>
  );
}

function Table({
  title,
  head,
  rows,
  none,
}: {
  title: string;
  head: string[];
  rows: string[][];
  none: string;
}) {
  return (
    <section className="console-card">
      <h2>{title}</h2>
      <ConsoleTable
        label={title}
        rows={rows}
        rowKey={(r) => r[0] ?? ''}
        empty={none}
        columns={head.map((h, n) => ({ header: h, rowHeader: n === 0, cell: (r: string[]) => r[n] }))}
      />
    </section>
  );
}
