import { AGE_RATINGS, type AgeRating, PROFILE_AVATARS } from '@ottkit/api-client/profiles';
import type { Profile } from '@ottkit/api-client';
import { type FormEvent, useState } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { LANGS } from '../../i18n/langs.ts';
import type { ProfileFields } from '../../stores/profiles.ts';
import { Avatar } from './Avatar.tsx';

type Fields = Omit<ProfileFields, 'parentalPin' | 'accountId'>;

interface Props {
  t: Translate;
  /** The profile edited; a new one when absent. */
  profile?: Profile;
  onSave: (fields: Fields) => void;
  onCancel: () => void;
  error: string | null;
}

const LANG_NAMES: Record<string, string> = { en: 'English', es: 'Español', pt: 'Português' };

/** Adds or edits a profile: name, avatar, language, kids flag and maximum rating. */
export function ProfileForm({ t, profile, onSave, onCancel, error }: Props) {
  const [fields, setFields] = useState<Fields>({
    name: profile?.name ?? '',
    avatar: profile?.avatar ?? 'star',
    lang: profile?.lang ?? 'en',
    kids: profile?.kids ?? false,
    maxRating: profile?.maxRating ?? '18',
  });
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({ ...fields, name: fields.name.trim() });
  };
  const title = profile ? t('profiles.edit', { name: profile.name }) : t('profiles.add');
  return (
    <form className="profile-form" method="post" onSubmit={submit} aria-label={title}>
      <h3>{title}</h3>
      <label>
        <span>{t('profiles.field.name')}</span>
        <input
          required
          maxLength={32}
          value={fields.name}
          onChange={(e) => set({ name: e.target.value })}
          name="profileName"
        />
      </label>
      <fieldset className="profile-form__avatars">
        <legend>{t('profiles.field.avatar')}</legend>
        {PROFILE_AVATARS.map((a) => (
          <label key={a}>
            <input
              type="radio"
              name="avatar"
              value={a}
              checked={fields.avatar === a}
              onChange={() => set({ avatar: a })}
            />
            <Avatar avatar={a} name={fields.name || '?'} />
            <span className="visually-hidden">{t(`profiles.avatar.${a}`)}</span>
          </label>
        ))}
      </fieldset>
      <label>
        <span>{t('profiles.field.lang')}</span>
        <select value={fields.lang} onChange={(e) => set({ lang: e.target.value as Fields['lang'] })}>
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {LANG_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      <label className="profile-form__check">
        <input
          type="checkbox"
          checked={fields.kids}
          // A kids profile starts at PG; the rating can still be chosen.
          onChange={(e) => set({ kids: e.target.checked, ...(e.target.checked ? { maxRating: 'PG' } : {}) })}
        />
        <span>{t('profiles.field.kids')}</span>
      </label>
      <label>
        <span>{t('profiles.field.maxRating')}</span>
        <select
          value={fields.maxRating}
          onChange={(e) => set({ maxRating: e.target.value as AgeRating })}
          name="maxRating"
        >
          {AGE_RATINGS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="profiles__error">
          {error}
        </p>
      )}
      <div className="profile-form__actions">
        <button type="button" className="account-secondary" onClick={onCancel}>
          {t('profiles.cancel')}
        </button>
        <button type="submit" className="account-primary">
          {t('profiles.save')}
        </button>
      </div>
    </form>
  );
}
