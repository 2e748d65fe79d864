import type { Source } from '@ottkit/api-client/contract';
import { sourceEdit } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Address } from './Address.tsx';
import { SourceFields, type SourceFieldValues, sourceFieldWords } from './SourceFields.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

interface Props {
  source: Source;
  t: AdminT;
  busy: boolean;
  /** Runs a call the screen's way (busy, its failure in words, a success text). */
  act: (work: () => Promise<unknown>) => Promise<void>;
  /** The kit's "are you sure?" (useConfirm). */
  confirm: (text: string, action?: string) => Promise<boolean>;
  reload: () => Promise<void>;
  onPreview: (name: string) => void;
}

/**
 * One source on /admin/sources (issues 16, 18 and 37): where it reads from, its guide, how often, its status; and
 * what an editor does with it: preview its groups, refresh it now, edit it in place, delete it (its channels stay
 * in the line-up, as the confirmation says).
 */
export function SourceCard({ source: s, t, busy, act, confirm, reload, onPreview }: Props) {
  // Empty keeps what the source has (SourceFields); the interval starts as it is.
  const blank: SourceFieldValues = {
    url: '',
    guideUrl: '',
    user: '',
    password: '',
    refreshMinutes: String(s.refreshMinutes),
  };
  const edit = useConsoleForm(blank);
  const [open, setOpen] = useState(false);
  const channels = typeof s.counts.channels === 'number' ? s.counts.channels : 0;
  // The edit form opens where the card was: the keyboard's focus goes to its first field.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (open) form.current?.querySelector('input')?.focus();
  }, [open]);

  const startEditing = () => {
    edit.reset(blank);
    setOpen(true);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const editing = edit.values;
    const given = (k: 'url' | 'guideUrl' | 'user') => (editing[k].trim() ? { [k]: editing[k].trim() } : {});
    const input = {
      name: s.name,
      ...given('url'),
      ...(s.kind !== 'xmltv' ? given('guideUrl') : {}),
      ...(s.kind === 'xtream' ? given('user') : {}),
      ...(s.kind === 'xtream' && editing.password ? { password: editing.password } : {}),
      refreshMinutes: Number(editing.refreshMinutes),
    };
    if (!edit.check(sourceEdit, input, sourceFieldWords(t))) return;
    void act(async () => {
      await consoleApi.operator.sourceEdit(input);
      setOpen(false);
      await reload();
      return t('admin.sources.saved');
    });
  };

  const remove = async () => {
    const asked = t.count('admin.sources.removeAsk', channels, { name: s.name });
    if (!(await confirm(asked, t('admin.sources.removeYes', { name: s.name })))) return;
    await act(async () => {
      const { channels: kept } = await consoleApi.operator.sourceRemove({ name: s.name });
      await reload();
      return t.count('admin.sources.removed', kept, { name: s.name });
    });
  };

  return (
    <li className="console-card" data-testid="source">
      <strong>{s.name}</strong>
      <Address value={s.location} testId="source-location" />
      {s.kind !== 'xmltv' &&
        (s.guideLocation ? (
          <span data-testid="source-guide">
            {t('admin.sources.guide')} <Address value={s.guideLocation} />
          </span>
        ) : (
          <span data-testid="source-guide">
            {t(s.kind === 'xtream' ? 'admin.sources.guide.panel' : 'admin.sources.guide.none')}
          </span>
        ))}
      <span data-testid="source-refresh">
        {t('admin.sources.refreshEvery', { minutes: s.refreshMinutes })}
      </span>
      <span data-testid="source-status">{t(`admin.sources.status.${s.status}`)}</span>
      {s.lastError && (
        <span className="console-error">{t('admin.sources.lastError', { error: s.lastError })}</span>
      )}
      {open ? (
        <form
          ref={form}
          className="console-form"
          onSubmit={save}
          noValidate
          aria-label={t('admin.sources.editTitle', { name: s.name })}
        >
          <SourceFields
            t={t}
            kind={s.kind}
            bind={edit.bind}
            current={{ location: s.location, guideLocation: s.guideLocation }}
          />
          <div className="console-row">
            <button type="submit" className="console-button" disabled={busy}>
              {t('admin.sources.save')}
            </button>
            <button type="button" className="console-button secondary" onClick={() => setOpen(false)}>
              {t('admin.sources.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="console-row">
          <button
            type="button"
            className="console-button secondary"
            disabled={busy}
            onClick={() => onPreview(s.name)}
          >
            {t('admin.sources.preview')}
          </button>
          <button
            type="button"
            className="console-button secondary"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await consoleApi.operator.sourceRefresh({ name: s.name });
                await reload();
              })
            }
          >
            {t('admin.sources.refresh')}
          </button>
          <button type="button" className="console-button secondary" disabled={busy} onClick={startEditing}>
            {t('admin.sources.edit')}
          </button>
          <button
            type="button"
            className="console-button secondary"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('admin.sources.remove')}
          </button>
        </div>
      )}
    </li>
  );
}
