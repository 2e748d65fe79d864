import type { ConsoleChannel, LiveChannelView } from '@ottkit/api-client/contract';
import { liveSourcesSet } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ChannelPicker } from './ChannelPicker.tsx';
import { type AdminT, createAdminT } from '../../i18n/admin.ts';
import { dateFormat, timeFormat } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

/** Health changes by the second; the screen follows it this often. */
const POLL_MS = 5000;

type Draft = {
  sources: string;
  mode: 'relay' | 'record';
  retentionDays: string;
  video: LiveChannelView['video'];
};
const draftOf = (c: LiveChannelView): Draft => ({
  sources: c.sources.map((s) => s.url).join('\n'),
  mode: c.mode,
  retentionDays: String(c.retentionDays),
  video: c.video,
});

/**
 * /admin/live (issue 17, decision 0255): every channel with live sources and each source's health, polled; an
 * editor edits a channel's sources (one per line, primary first), its mode and its transcode option. The
 * channel screen of the line-up links here with `?channel=<id>`.
 */
export default function Live({
  lang,
  canEdit,
  channel,
}: {
  lang: Lang;
  canEdit: boolean;
  channel?: string | undefined;
}) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [channels, setChannels] = useState<LiveChannelView[]>([]);
  const [total, setTotal] = useState(0);
  const [editing, setEditing] = useState<LiveChannelView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [openId, setOpenId] = useState(channel ?? '');
  const [lineup, setLineup] = useState<ConsoleChannel[]>([]);
  const { busy, outcome, act } = useConsoleAction(t);
  const sourcesId = useId();

  const reload = useCallback(async () => {
    const r = await consoleApi.operator.liveChannels({});
    setChannels(r.channels);
    setTotal(r.total);
  }, []);

  const open = (id: string) =>
    act(async () => {
      const r = await consoleApi.operator.liveChannels({ channelId: id });
      const c = r.channels[0];
      if (!c) return;
      setEditing(c);
      setDraft(draftOf(c));
      setErrors({});
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(async () => {
      await reload();
      if (canEdit) setLineup((await consoleApi.operator.lineupList({})).channels);
      if (channel && canEdit) await open(channel);
    });
  }, [reload]);

  useEffect(() => {
    const timer = setInterval(() => void reload().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!editing || !draft) return;
    const input = {
      channelId: editing.channelId,
      sources: draft.sources
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      mode: draft.mode,
      video: draft.video,
      ...(draft.mode === 'record' ? { retentionDays: Number(draft.retentionDays) } : {}),
    };
    const bad = fieldErrors(liveSourcesSet, input);
    setErrors(
      bad
        ? Object.fromEntries(
            Object.keys(bad).map((k) => [
              k,
              k === 'retentionDays' ? t('admin.live.error.retention') : t('admin.live.error.sources'),
            ]),
          )
        : {},
    );
    if (bad) return;
    void act(async () => {
      const r = await consoleApi.operator.liveSourcesSet(input);
      setEditing(r.channel);
      setDraft(draftOf(r.channel));
      await reload();
      return t('admin.live.saved', { name: r.channel.name });
    });
  };

  return (
    <div className="console-grid console-live" data-ready={ready}>
      {canEdit && (
        <section className="console-card" aria-labelledby="live-open-title">
          <h2 id="live-open-title">{t('admin.live.open')}</h2>
          <form
            className="console-row"
            onSubmit={(e) => {
              e.preventDefault();
              if (openId) void open(openId);
            }}
          >
            <ChannelPicker
              label={t('admin.live.channel')}
              channels={lineup}
              value={openId}
              onChange={setOpenId}
              placeholder={t('admin.live.channelPick')}
            />
            <button type="submit" className="console-button secondary" disabled={busy || !ready}>
              {t('admin.live.openButton')}
            </button>
          </form>
          {!editing && <Outcome outcome={outcome} />}
        </section>
      )}

      {editing && draft && (
        <section className="console-card" aria-labelledby="live-edit-title" data-testid="live-editor">
          <h2 id="live-edit-title">{t('admin.live.editTitle', { name: editing.name })}</h2>
          <form className="console-form" onSubmit={save} noValidate>
            <div className="console-field">
              <label htmlFor={sourcesId}>{t('admin.live.sources')}</label>
              <textarea
                id={sourcesId}
                rows={4}
                spellCheck={false}
                value={draft.sources}
                aria-invalid={errors.sources ? true : undefined}
                aria-describedby={`${sourcesId}-hint${errors.sources ? ` ${sourcesId}-error` : ''}`}
                onChange={(e) => setDraft({ ...draft, sources: e.target.value })}
              />
              <p id={`${sourcesId}-hint`} className="console-hint">
                {t('admin.live.sourcesHint')}
              </p>
              {errors.sources && (
                <p id={`${sourcesId}-error`} className="console-error" role="alert">
                  {errors.sources}
                </p>
              )}
            </div>
            <fieldset className="console-field">
              <legend>{t('admin.live.mode')}</legend>
              {(['relay', 'record'] as const).map((m) => (
                <label key={m}>
                  <input
                    type="radio"
                    name="mode"
                    value={m}
                    checked={draft.mode === m}
                    onChange={() => setDraft({ ...draft, mode: m })}
                  />{' '}
                  {t(m === 'relay' ? 'admin.live.modeRelay' : 'admin.live.modeRecord')}
                </label>
              ))}
            </fieldset>
            {draft.mode === 'record' && (
              <Field
                label={t('admin.live.retention')}
                error={errors.retentionDays}
                name="retentionDays"
                type="number"
                inputMode="numeric"
                min={1}
                max={30}
                value={draft.retentionDays}
                onChange={(e) => setDraft({ ...draft, retentionDays: e.target.value })}
              />
            )}
            <div className="console-field">
              <label htmlFor={`${sourcesId}-video`}>{t('admin.live.video')}</label>
              <select
                id={`${sourcesId}-video`}
                value={draft.video}
                onChange={(e) => setDraft({ ...draft, video: e.target.value as Draft['video'] })}
              >
                <option value="copy">{t('admin.live.videoCopy')}</option>
                <option value="h264">{t('admin.live.videoH264')}</option>
                <option value="ladder">{t('admin.live.videoLadder')}</option>
              </select>
            </div>
            <div className="console-row">
              <button type="submit" className="console-button" disabled={busy || !ready}>
                {t('admin.live.save')}
              </button>
              <button
                type="button"
                className="console-button secondary"
                onClick={() => {
                  setEditing(null);
                  setDraft(null);
                }}
              >
                {t('admin.live.close')}
              </button>
            </div>
          </form>
          <Outcome outcome={outcome} />
        </section>
      )}

      <section className="console-card console-live-list" aria-labelledby="live-list-title">
        <h2 id="live-list-title">{t('admin.live.channels')}</h2>
        {channels.length === 0 ? (
          <p>{t('admin.live.none')}</p>
        ) : (
          <p className="console-hint">{t('admin.live.count', { shown: channels.length, total })}</p>
        )}
        <ul className="console-list">
          {channels.map((c) => (
            <ChannelHealth
              key={c.channelId}
              c={c}
              t={t}
              lang={lang}
              canEdit={canEdit}
              busy={busy}
              onEdit={() => void open(c.channelId)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** "12:01" today (a packager usually runs for hours), with the date before it on another day. */
function sinceText(lang: Lang, since: number): string {
  const time = timeFormat(lang)(since);
  return new Date(since).toDateString() === new Date().toDateString()
    ? time
    : `${dateFormat(lang)(since)} ${time}`;
}

function ChannelHealth({
  c,
  t,
  lang,
  canEdit,
  busy,
  onEdit,
}: {
  c: LiveChannelView;
  t: AdminT;
  lang: Lang;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
}) {
  const titleId = useId();
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
        {c.running && c.activeSource ? t('admin.live.onAir', { n: c.activeSource }) : t('admin.live.idle')}
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
      <ConsoleTable
        labelledBy={titleId}
        rows={c.sources}
        rowKey={(s) => String(s.position)}
        rowData={(s) => ({ 'data-state': s.state })}
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
            cell: (s) => (s.bitrate ? t('admin.live.kbps', { n: Math.round(s.bitrate / 1000) }) : '–'),
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
        ]}
      />
      {canEdit && (
        <button type="button" className="console-button secondary" disabled={busy} onClick={onEdit}>
          {t('admin.live.edit', { name: c.name })}
        </button>
      )}
    </li>
  );
}
