import '../account/account.css';
import './profiles.css';
import type { Profile, ProfileListInfo } from '@ottkit/api-client';
import { MAX_PROFILES } from '@ottkit/api-client/profiles';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/langs.ts';
import type { MessageKey } from '../../i18n/index.ts';
import {
  $profiles,
  createProfile,
  deleteProfile,
  type ProfileFields,
  type ProfileOutcome,
  selectProfile,
  updateProfile,
} from '../../stores/profiles.ts';
import { useT } from '../vod/useT.ts';
import { Avatar } from './Avatar.tsx';
import { PinPrompt } from './PinPrompt.tsx';
import { PinSettings } from './PinSettings.tsx';
import { ProfileForm } from './ProfileForm.tsx';

interface Props {
  lang: Lang;
  /** The list as the server rendered it. */
  initial: ProfileListInfo;
  /** `picker`: choose who watches, then go to `next`; `manage`: My account's profiles and PIN. */
  mode: 'picker' | 'manage';
  /** Where the picker goes once a profile is chosen (a path of this site). */
  next?: string;
}

type Editing = { kind: 'new' } | { kind: 'edit'; profile: Profile } | null;
/** An action waiting for the PIN: it is tried again with the PIN the prompt gets. */
type Pending = { title: string; run: (pin: string) => Promise<ProfileOutcome> } | null;

/** The profile picker and profile management (issue 20 §2); keyboard and screen-reader usable. */
export default function ProfilesIsland({ lang, initial, mode, next = '/home' }: Props) {
  const t = useT(lang);
  const info = useStore($profiles) ?? initial;
  useEffect(() => {
    if ($profiles.get() === null) $profiles.set(initial);
  }, [initial]);
  const [managing, setManaging] = useState(mode === 'manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const text = (key: MessageKey) => t(key, { max: MAX_PROFILES });
  /** Runs an action; asks for the PIN when the server wants it, then tries again with it. */
  const attempt = async (title: string, run: (pin?: string) => Promise<ProfileOutcome>, done: () => void) => {
    setError(null);
    const outcome = await run();
    if (outcome.ok) return done();
    if (outcome.pin && info.pinSet) {
      setPending({
        title,
        run: async (pin) => {
          const again = await run(pin);
          if (again.ok) {
            setPending(null);
            done();
          }
          return again;
        },
      });
      return;
    }
    setError(text(outcome.messageKey));
  };

  const choose = (p: Profile) =>
    void attempt(
      t('profiles.pin.enter'),
      (pin) => selectProfile(p.profileId, pin),
      () => {
        if (mode === 'picker') window.location.assign(next);
      },
    );
  const save = (fields: Omit<ProfileFields, 'parentalPin' | 'accountId'>) => {
    const target = editing;
    void attempt(
      t('profiles.pin.enter'),
      (pin) =>
        target?.kind === 'edit'
          ? updateProfile({
              profileId: target.profile.profileId,
              ...fields,
              ...(pin ? { parentalPin: pin } : {}),
            })
          : createProfile({ ...fields, ...(pin ? { parentalPin: pin } : {}) }),
      () => setEditing(null),
    );
  };
  const remove = (p: Profile) =>
    void attempt(
      t('profiles.pin.enter'),
      (pin) => deleteProfile(p.profileId, pin),
      () => setEditing(null),
    );

  return (
    <div className="profiles" data-mode={managing ? 'manage' : 'pick'}>
      <ul className="profiles__grid">
        {info.profiles.map((p) => {
          const current = p.profileId === info.currentProfileId;
          return (
            <li key={p.profileId} className="profiles__item">
              <button
                type="button"
                className="profiles__pick"
                aria-current={current ? 'true' : undefined}
                data-profile-id={p.profileId}
                onClick={() => choose(p)}
              >
                <Avatar avatar={p.avatar} name={p.name} size="lg" />
                <span className="profiles__name">{p.name}</span>
                {p.kids && <span className="profiles__badge">{t('profiles.kids')}</span>}
                {current && <span className="visually-hidden">({t('profiles.current')})</span>}
              </button>
              {managing && (
                <div className="profiles__tools">
                  <button
                    type="button"
                    className="account-link"
                    onClick={() => setEditing({ kind: 'edit', profile: p })}
                  >
                    {t('profiles.edit', { name: p.name })}
                  </button>
                  {!p.isDefault && (
                    <button type="button" className="account-link" onClick={() => remove(p)}>
                      {t('profiles.delete', { name: p.name })}
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="profiles__error">
          {error}
        </p>
      )}
      <div className="profiles__actions">
        {managing && info.profiles.length < MAX_PROFILES && !editing && (
          <button type="button" className="account-primary" onClick={() => setEditing({ kind: 'new' })}>
            {t('profiles.add')}
          </button>
        )}
        {mode === 'picker' && (
          <button
            type="button"
            className="account-secondary"
            aria-pressed={managing}
            onClick={() => {
              setManaging(!managing);
              setEditing(null);
            }}
          >
            {managing ? t('profiles.done') : t('profiles.manage')}
          </button>
        )}
      </div>
      {editing && (
        <ProfileForm
          key={editing.kind === 'edit' ? editing.profile.profileId : 'new'}
          t={t}
          {...(editing.kind === 'edit' ? { profile: editing.profile } : {})}
          onSave={save}
          onCancel={() => setEditing(null)}
          error={null}
        />
      )}
      {mode === 'manage' && <PinSettings t={t} pinSet={info.pinSet} />}
      {pending && (
        <PinPrompt
          lang={lang}
          t={t}
          title={pending.title}
          onSubmit={pending.run}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}
