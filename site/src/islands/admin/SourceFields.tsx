import { REFRESH_MINUTES } from '@ottkit/api-client/contract';
import type { AdminT } from '../../i18n/admin.ts';
import { Field } from './Field.tsx';
import type { Bound } from './useConsoleForm.ts';

export type SourceKind = 'm3u' | 'xtream' | 'xmltv';

/** What the add and edit forms of a source hold, as typed. */
export type SourceFieldValues = {
  url: string;
  guideUrl: string;
  user: string;
  password: string;
  refreshMinutes: string;
};

/** The console's words for a field the contract refuses (the add and edit calls name the same fields). */
export function sourceFieldWords(t: AdminT): (field: string) => string {
  const words: Record<string, string> = {
    name: t('admin.error.name'),
    url: t('admin.error.url'),
    guideUrl: t('admin.error.url'),
    refreshMinutes: t('admin.sources.error.refreshMinutes'),
  };
  return (field) => words[field] ?? t('admin.error.required');
}

/**
 * The fields of a source after its name and kind, for adding one and for editing one (`current`: the source as
 * the server answers it). When editing, an empty address, guide, user or password keeps what the source has:
 * the server never answers a password, and an address may hold a masked secret.
 */
export function SourceFields({
  t,
  kind,
  bind,
  current,
}: {
  t: AdminT;
  kind: SourceKind;
  /** The form's fields (`useConsoleForm`). */
  bind: (k: keyof SourceFieldValues) => Bound;
  current?: { location: string; guideLocation: string };
}) {
  const keep = (value: string) => (current && value ? { hint: t('admin.sources.keep', { value }) } : {});
  /** The source's own address or its guide's: what an empty one keeps is said under it when editing. */
  const address = (key: 'url' | 'guideUrl', label: string, kept: string | undefined) => (
    <Field label={label} type="url" inputMode="url" {...bind(key)} {...keep(kept ?? '')} />
  );
  return (
    <>
      {address(
        'url',
        t(kind === 'xtream' ? 'admin.sources.panelUrl' : 'admin.sources.url'),
        current?.location,
      )}
      {kind === 'xtream' && (
        <>
          <Field
            label={t('admin.sources.user')}
            autoComplete="off"
            {...bind('user')}
            {...(current ? { hint: t('admin.sources.keepIt') } : {})}
          />
          <Field
            label={t('admin.sources.password')}
            type="password"
            // The panel's password, not the operator's own: never filled in or saved by the browser.
            autoComplete="new-password"
            {...bind('password')}
            {...(current ? { hint: t('admin.sources.keepIt') } : {})}
          />
        </>
      )}
      {kind !== 'xmltv' &&
        address(
          'guideUrl',
          t(kind === 'xtream' ? 'admin.sources.xtreamGuideUrl' : 'admin.sources.guideUrl'),
          current?.guideLocation,
        )}
      <Field
        label={t('admin.sources.refreshMinutes')}
        type="number"
        inputMode="numeric"
        min={REFRESH_MINUTES.min}
        max={REFRESH_MINUTES.max}
        {...bind('refreshMinutes')}
      />
    </>
  );
}
