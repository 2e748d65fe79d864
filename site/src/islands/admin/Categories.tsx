import { type ConsoleCategory, lineupCategorySave } from '@ottkit/api-client/contract';
import type { FormEvent } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { useConsoleForm } from './useConsoleForm.ts';
import { IconButton, MoveButtons } from './IconButton.tsx';
import { useConfirm } from './useConfirm.tsx';

/** One category: rename in place, move up/down, remove (confirmed: its channels stay). */
function CategoryRow({
  t,
  c,
  first,
  last,
  canEdit,
  busy,
  act,
  reload,
  focusAfter,
}: {
  t: AdminT;
  c: ConsoleCategory;
  first: boolean;
  last: boolean;
  canEdit: boolean;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
  reload: () => Promise<void>;
  focusAfter: (id: string) => void;
}) {
  const { confirm, dialog } = useConfirm(t);
  const form = useConsoleForm({ name: c.name });
  if (!canEdit)
    return (
      <li data-testid="category">
        {c.name} · {t('admin.categories.channels', { count: c.channels })}
      </li>
    );
  const rename = (e: FormEvent) => {
    e.preventDefault();
    const input = { columnId: c.columnId, name: form.values.name.trim() };
    if (!form.check(lineupCategorySave, input, () => t('admin.error.lineupName'))) return;
    void act(async () => {
      await consoleApi.operator.lineupCategorySave(input);
      await reload();
    });
  };
  const move = (direction: 'up' | 'down') =>
    act(async () => {
      await consoleApi.operator.lineupCategoryMove({ columnId: c.columnId, direction });
      await reload();
      focusAfter(`cat-${direction}-${c.columnId}`);
    });
  return (
    <li data-testid="category" className="console-category">
      <form className="console-row" onSubmit={rename} noValidate>
        <Field label={t('admin.categories.name', { name: c.name })} {...form.bind('name')} />
        <button type="submit" className="console-button secondary" disabled={busy}>
          {t('admin.categories.rename')}
        </button>
      </form>
      <div className="console-actions">
        <span className="console-hint">{t('admin.categories.channels', { count: c.channels })}</span>
        <MoveButtons
          t={t}
          name={c.name}
          idOf={(d) => `cat-${d}-${c.columnId}`}
          first={first}
          last={last}
          busy={busy}
          onMove={(d) => void move(d)}
        />
        <IconButton
          label={t('admin.categories.delete', { name: c.name })}
          disabled={busy}
          onClick={async () => {
            const asked = t('admin.categories.deleteConfirm', { name: c.name, count: c.channels });
            if (!(await confirm(asked, t('admin.categories.delete', { name: c.name })))) return;
            void act(async () => {
              await consoleApi.operator.lineupCategoryDelete({ columnId: c.columnId });
              await reload();
            });
          }}
        >
          ✕
        </IconButton>
      </div>
      {dialog}
    </li>
  );
}

/** The categories (the spec's columns) in order, and a form to add one. */
export function Categories({
  t,
  canEdit,
  categories,
  busy,
  act,
  reload,
  focusAfter,
}: {
  t: AdminT;
  canEdit: boolean;
  categories: readonly ConsoleCategory[];
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
  reload: () => Promise<void>;
  focusAfter: (id: string) => void;
}) {
  const form = useConsoleForm({ name: '' });
  const add = (e: FormEvent) => {
    e.preventDefault();
    const input = { name: form.values.name.trim() };
    if (!form.check(lineupCategorySave, input, () => t('admin.error.lineupName'))) return;
    void act(async () => {
      await consoleApi.operator.lineupCategorySave(input);
      form.reset();
      await reload();
    });
  };
  return (
    <section className="console-card" aria-labelledby="categories-title">
      <h2 id="categories-title">{t('admin.categories.title')}</h2>
      {categories.length === 0 && <p>{t('admin.categories.none')}</p>}
      <ul className="console-list">
        {categories.map((c, i) => (
          <CategoryRow
            key={`${c.columnId}-${c.name}`}
            t={t}
            c={c}
            first={i === 0}
            last={i === categories.length - 1}
            canEdit={canEdit}
            busy={busy}
            act={act}
            reload={reload}
            focusAfter={focusAfter}
          />
        ))}
      </ul>
      {canEdit && (
        <form className="console-form" onSubmit={add} noValidate>
          <Field label={t('admin.categories.new')} {...form.bind('name')} />
          <button type="submit" className="console-button" disabled={busy}>
            {t('admin.categories.add')}
          </button>
        </form>
      )}
    </section>
  );
}
