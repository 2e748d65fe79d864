import { LANGS, LIBRARY_PARALLEL, type Library, libraryAdd } from '@ottkit/api-client/contract';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { type AdminT, createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { $jobs } from '../../stores/console/jobs.ts';
import { $libraries, loadLibraries } from '../../stores/console/libraries.ts';
import { $sources, loadSources } from '../../stores/console/sources.ts';
import { CheckField, Field, SelectField, wholeNumber } from './Field.tsx';
import { JobsCard } from './JobList.tsx';
import { useConfirm } from './useConfirm.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Preview = Awaited<ReturnType<typeof consoleApi.operator.libraryPreview>> & { name: string };

const EMPTY = {
  name: '',
  /** Where its titles are: a folder on the server, or a feed (decision 0435). */
  kind: 'folder',
  folder: '',
  feed: '',
  xtream: '',
  lang: 'en' as string,
  publish: false,
  parallel: String(LIBRARY_PARALLEL.default),
  watchMinutes: '0',
};

type Kind = 'folder' | 'feed' | 'xtream';
/** The form's words that follow where a library's titles are (decision 0435). */
const KIND_WORDS = {
  folder: { lang: 'admin.libraries.lang', watch: 'admin.libraries.watch' },
  feed: { lang: 'admin.libraries.langFeed', watch: 'admin.libraries.watchFeed' },
  xtream: { lang: 'admin.libraries.langPanel', watch: 'admin.libraries.watchPanel' },
} as const;

const fieldWords = (t: AdminT) => {
  const words: Record<string, string> = {
    name: t('admin.error.name'),
    folder: t('admin.libraries.error.folder'),
    feed: t('admin.libraries.error.feed'),
    xtream: t('admin.libraries.error.xtream'),
    parallel: t('admin.libraries.error.parallel'),
    watchMinutes: t('admin.libraries.error.watch'),
  };
  return (field: string) => words[field];
};

/**
 * /admin/libraries (issue 42, decision 0423): name a folder of films and series on the server, preview what an
 * import would add, change and take out (and each file it cannot read, with why), import it as a job. The jobs are
 * the server's, so a reload shows the same progress; each transcode is a job of its own beside the import's.
 */
export default function Libraries({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  // Until hydrated, nothing submits (a form posted natively would put its fields in the URL).
  const ready = useHydrated();
  const libraries = useStore($libraries) ?? [];
  // The Xtream Codes accounts of the line-up's sources: a library may read their films and series.
  const panels = (useStore($sources) ?? []).filter((s) => s.kind === 'xtream');
  const jobs = useStore($jobs) ?? [];
  const adding = useConsoleForm(EMPTY);
  const form = adding.values;
  const [preview, setPreview] = useState<Preview | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);
  const list = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void list.act(loadLibraries);
    void loadSources().catch(() => {});
  }, []);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      name: form.name.trim(),
      ...(form.kind === 'feed'
        ? { feed: form.feed.trim() }
        : form.kind === 'xtream'
          ? { xtream: form.xtream }
          : { folder: form.folder.trim() }),
      lang: form.lang as Lang,
      publish: form.publish,
      parallel: Number(form.parallel),
      watchMinutes: Number(form.watchMinutes),
    };
    if (!adding.check(libraryAdd, input, fieldWords(t))) return;
    void act(async () => {
      await consoleApi.operator.libraryAdd(input);
      adding.reset();
      await loadLibraries();
    });
  };

  const showPreview = (name: string) =>
    list.act(async () => {
      setPreview({ name, ...(await consoleApi.operator.libraryPreview({ name })) });
    });

  const startImport = (name: string) =>
    list.act(async () => {
      await consoleApi.operator.libraryImport({ name });
      setPreview(null);
      await loadLibraries();
      return t('admin.libraries.importing', { name });
    });

  const forget = async (name: string) => {
    if (!(await confirm(t('admin.libraries.removeAsk', { name }), t('admin.libraries.removeYes', { name }))))
      return;
    await list.act(async () => {
      await consoleApi.operator.libraryRemove({ name });
      if (preview?.name === name) setPreview(null);
      await loadLibraries();
      return t('admin.libraries.removed', { name });
    });
  };

  return (
    <div className="console-grid" data-ready={ready}>
      <section className="console-card" aria-labelledby="add-title">
        <h2 id="add-title">{t('admin.libraries.add')}</h2>
        <form className="console-form" onSubmit={add} noValidate>
          <Field label={t('admin.libraries.name')} {...adding.bind('name')} />
          <SelectField label={t('admin.libraries.kind')} {...adding.bind('kind')}>
            <option value="folder">{t('admin.libraries.kind.folder')}</option>
            <option value="feed">{t('admin.libraries.kind.feed')}</option>
            <option value="xtream">{t('admin.libraries.kind.xtream')}</option>
          </SelectField>
          {form.kind === 'xtream' ? (
            <SelectField
              label={t('admin.libraries.xtream')}
              hint={t(panels.length > 0 ? 'admin.libraries.xtreamHint' : 'admin.libraries.xtreamNone')}
              {...adding.bind('xtream')}
            >
              <option value="">{t('admin.libraries.xtreamPick')}</option>
              {panels.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </SelectField>
          ) : form.kind === 'feed' ? (
            <Field
              label={t('admin.libraries.feed')}
              hint={t('admin.libraries.feedHint')}
              placeholder="https://example.com/films.rss"
              inputMode="url"
              {...adding.bind('feed')}
            />
          ) : (
            <Field
              label={t('admin.libraries.folder')}
              hint={t('admin.libraries.folderHint')}
              placeholder="/srv/films"
              {...adding.bind('folder')}
            />
          )}
          <SelectField label={t(KIND_WORDS[form.kind as Kind].lang)} {...adding.bind('lang')}>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {t(`admin.brand.lang.${l}`)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('admin.libraries.parallel')}
            {...wholeNumber(LIBRARY_PARALLEL)}
            {...adding.bind('parallel')}
          />
          <Field
            label={t(KIND_WORDS[form.kind as Kind].watch)}
            {...wholeNumber({ min: 0 })}
            {...adding.bind('watchMinutes')}
          />
          <CheckField label={t('admin.libraries.publish')} {...adding.bindCheck('publish')} />
          <button type="submit" className="console-button" disabled={busy || !ready}>
            {t('admin.libraries.addButton')}
          </button>
        </form>
        <Outcome outcome={outcome} />
      </section>

      <section className="console-card" aria-labelledby="list-title">
        <h2 id="list-title">{t('admin.libraries.list')}</h2>
        <Outcome outcome={list.outcome} />
        {libraries.length === 0 && <p>{t('admin.libraries.none')}</p>}
        <ul className="console-list">
          {libraries.map((l) => (
            <LibraryCard
              key={l.name}
              library={l}
              t={t}
              busy={list.busy || !ready}
              onPreview={() => void showPreview(l.name)}
              onImport={() => void startImport(l.name)}
              onForget={() => void forget(l.name)}
            />
          ))}
        </ul>
        {preview && (
          <PreviewOf
            preview={preview}
            t={t}
            busy={list.busy}
            onImport={() => void startImport(preview.name)}
          />
        )}
      </section>

      <JobsCard jobs={jobs} t={t} />
      {dialog}
    </div>
  );
}

function LibraryCard(props: {
  library: Library;
  t: AdminT;
  busy: boolean;
  onPreview: () => void;
  onImport: () => void;
  onForget: () => void;
}) {
  const { library: l, t, busy } = props;
  return (
    <li data-testid="library" className="console-entry">
      <strong>{l.name}</strong>
      <div className="console-path">
        {l.xtream ? t('admin.libraries.fromPanel', { source: l.xtream }) : l.folder || l.feed}
      </div>
      <div>{t(l.publish ? 'admin.libraries.publishes' : 'admin.libraries.drafts')}</div>
      <div>
        {l.watchMinutes > 0
          ? t('admin.libraries.watched', { minutes: l.watchMinutes })
          : t('admin.libraries.byHand')}
      </div>
      <div>
        {l.lastImport
          ? t('admin.libraries.lastImport', { text: l.lastImport })
          : t('admin.libraries.notImported')}
      </div>
      <div className="console-actions">
        <button type="button" className="console-button" disabled={busy} onClick={props.onPreview}>
          {t('admin.libraries.preview')}
        </button>
        <button type="button" className="console-button" disabled={busy} onClick={props.onImport}>
          {t('admin.libraries.import')}
        </button>
        <button type="button" className="console-button secondary" disabled={busy} onClick={props.onForget}>
          {t('admin.libraries.remove')}
        </button>
      </div>
    </li>
  );
}

/** What an import would do: the new, changed and gone files, and each file it cannot read with why. */
function PreviewOf({
  preview: p,
  t,
  busy,
  onImport,
}: {
  preview: Preview;
  t: AdminT;
  busy: boolean;
  onImport: () => void;
}) {
  const entry = (e: Preview['added'][number]) => (
    <li key={e.path}>
      {e.title} · <code>{e.path}</code> · {t('admin.libraries.from', { from: e.from })}
      {e.audioLanguages.length > 0 &&
        ` · ${t('admin.libraries.audio', { langs: e.audioLanguages.join(', ') })}`}
    </li>
  );
  const work = p.added.length + p.changed.length + p.removed.length;
  return (
    <section className="console-form" data-testid="library-preview" aria-labelledby="preview-title">
      <h3 id="preview-title">{t('admin.libraries.previewOf', { name: p.name })}</h3>
      <p>{t.count('admin.libraries.added', p.added.length)}</p>
      <ul>{p.added.map(entry)}</ul>
      {p.changed.length > 0 && (
        <>
          <p>{t.count('admin.libraries.changed', p.changed.length)}</p>
          <ul>{p.changed.map(entry)}</ul>
        </>
      )}
      {p.removed.length > 0 && (
        <>
          <p>{t.count('admin.libraries.gone', p.removed.length)}</p>
          <ul>
            {p.removed.map((r) => (
              <li key={r.path}>
                <code>{r.path}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {p.unreadable.length > 0 && (
        <>
          <p>{t.count('admin.libraries.unreadable', p.unreadable.length)}</p>
          <ul data-testid="unreadable">
            {p.unreadable.map((u) => (
              <li key={u.path}>
                <code>{u.path}</code>: {u.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {p.unchanged > 0 && <p>{t('admin.libraries.unchanged', { n: p.unchanged })}</p>}
      {p.truncated && <p>{t('admin.libraries.truncated', { why: p.truncated })}</p>}
      {work === 0 ? (
        <p>{t('admin.libraries.nothing')}</p>
      ) : (
        <button type="button" className="console-button" disabled={busy} onClick={onImport}>
          {t('admin.libraries.import')}
        </button>
      )}
    </section>
  );
}
