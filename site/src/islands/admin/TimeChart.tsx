import 'uplot/dist/uPlot.min.css';
import { ConsoleTable } from '@ottkit/ui';
import { useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import type { AdminT } from '../../i18n/admin.ts';

export interface ChartSeries {
  label: string;
  /** One value per time; null where there is nothing to show. */
  values: (number | null)[];
  /** A kit colour token, e.g. --ok-color-accent (canvas needs the value, read from the page). */
  token: string;
}

interface Props {
  t: AdminT;
  title: string;
  /** Bucket starts, epoch ms. */
  times: number[];
  series: ChartSeries[];
  /** How a time is written in the table (hour or day, UTC). */
  timeLabel: (at: number) => string;
  value: (v: number) => string;
  bars?: boolean;
  /** The zone the axis is drawn in (the dashboard's hours are UTC's; a channel's health is read in the browser's). */
  zone?: string;
}

const css = (el: Element, token: string) => getComputedStyle(el).getPropertyValue(token).trim() || '#888';

/**
 * A time chart (uPlot, decision 0215) with its table: the canvas is an image to assistive technology and the
 * table under it carries the figures (visually hidden until "Show as a table", which swaps the two).
 */
export function TimeChart({ t, title, times, series, timeLabel, value, bars, zone = 'Etc/UTC' }: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || asTable) return;
    const axis = { stroke: css(el, '--ok-color-text-muted'), grid: { stroke: css(el, '--ok-color-border') } };
    // Each time is a bucket's start: the axis runs to the last bucket's end, so the current hour (often the only
    // one with figures) is drawn inside the chart, not on its edge.
    const step = times.length > 1 ? ((times[1] ?? 0) - (times[0] ?? 0)) / 1000 : 3600;
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 220,
        legend: { show: true },
        cursor: { y: false },
        scales: { x: { time: true, range: (_u, min, max) => [min, max + step] } },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), zone),
        axes: [axis, { ...axis, size: 60 }],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: css(el, s.token),
            width: 2,
            spanGaps: false,
            // A figure between two empty hours has no line to draw: its point always shows (issue 37).
            points: { show: true, size: 7, fill: css(el, s.token) },
            ...(bars
              ? {
                  fill: css(el, s.token),
                  paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
                  points: { show: false },
                }
              : {}),
          })),
        ],
      },
      [times.map((at) => at / 1000), ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, series, bars, asTable, zone]);

  return (
    <section className="console-card console-chart" aria-labelledby={`${id}-title`}>
      <div className="console-chart-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button
          type="button"
          className="console-button secondary"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {t('admin.dashboard.showTable')}
        </button>
      </div>
      {!asTable && <div ref={box} role="img" aria-label={t('admin.dashboard.chartLabel', { title })} />}
      <ConsoleTable
        label={title}
        visuallyHidden={!asTable}
        rows={times}
        rowKey={String}
        empty="—"
        columns={[
          { header: t('admin.dashboard.time'), rowHeader: true, cell: (at: number) => timeLabel(at) },
          ...series.map((s) => ({
            header: s.label,
            cell: (_: number, i: number) => {
              const v = s.values[i];
              return v === null || v === undefined ? '—' : value(v);
            },
          })),
        ]}
      />
    </section>
  );
}
