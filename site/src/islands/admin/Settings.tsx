import type { ConsoleSettings } from '@ottkit/api-client/contract';
import { businessTypeSchema, settingsUpdate, zeroTrustSeal } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi, fieldErrors } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field, TextAreaField } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

const SWITCHES = [
  'layout.hide_unsubscribe_channel',
  'layout.popular_search_switch',
  'layout.more_like_this_switch',
  'layout.home_live_layout_switch',
] as const;

/** /admin/settings (issue 18 §8, admin only): business type, visitor mode, layout, member site, sealing. */
export default function Settings({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [s, setS] = useState<ConsoleSettings | null>(null);
  const [sealed, setSealed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sealForm = useConsoleForm({ manifest: '', siteUrl: '' });
  const [required, setRequired] = useState(false);
  const [link, setLink] = useState('');
  const saving = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const sealing = useConsoleAction(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once
  useEffect(() => {
    sealForm.setValues((v) => ({ ...v, siteUrl: window.location.origin }));
    void saving.act(async () => {
      const r = await consoleApi.operator.settingsGet({});
      setS(r.settings);
      setSealed(r.sealedManifest);
    });
  }, []);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!s) return;
    const bad = fieldErrors(settingsUpdate, s);
    setErrors(bad?.memberSiteUrl ? { memberSiteUrl: t('admin.error.url') } : {});
    if (bad) return;
    void saving.act(async () => {
      setS((await consoleApi.operator.settingsUpdate(s)).settings);
      return t('admin.settings.saved');
    });
  };

  const seal = async (e: FormEvent) => {
    e.preventDefault();
    const input = { manifest: sealForm.values.manifest, required, siteUrl: sealForm.values.siteUrl.trim() };
    const words = (k: string) => t(k === 'siteUrl' ? 'admin.error.url' : 'admin.error.required');
    if (!sealForm.check(zeroTrustSeal, input, words) || !(await confirm(t('admin.settings.sealConfirm'))))
      return;
    void sealing.act(async () => {
      setLink((await consoleApi.operator.zeroTrustSeal(input)).shareLink);
      sealForm.setValues((v) => ({ ...v, manifest: '' }));
      setSealed(true);
    });
  };

  return (
    <div className="console-grid" data-ready={ready && s !== null}>
      {s && (
        <form
          className="console-card console-form"
          onSubmit={save}
          noValidate
          aria-labelledby="settings-title"
        >
          <h2 id="settings-title">{t('admin.settings.title')}</h2>
          <div className="console-field">
            <label htmlFor="business-type">{t('admin.settings.businessType')}</label>
            <select
              id="business-type"
              value={s.businessType}
              onChange={(e) => setS({ ...s, businessType: businessTypeSchema.parse(e.target.value) })}
            >
              {businessTypeSchema.options.map((b) => (
                <option key={b} value={b}>
                  {t(`admin.settings.business.${b}`)}
                </option>
              ))}
            </select>
          </div>
          <label className="console-check">
            <input
              type="checkbox"
              checked={s.visitorMode}
              onChange={(e) => setS({ ...s, visitorMode: e.target.checked })}
            />
            {t('admin.settings.visitorMode')}
          </label>
          <Field
            label={t('admin.settings.memberSiteUrl')}
            type="url"
            error={errors.memberSiteUrl}
            value={s.memberSiteUrl}
            onChange={(e) => setS({ ...s, memberSiteUrl: e.target.value.trim() })}
          />
          <fieldset className="console-form">
            <legend>{t('admin.settings.layout')}</legend>
            {SWITCHES.map((k) => (
              <label key={k} className="console-check">
                <input
                  type="checkbox"
                  checked={s[k]}
                  onChange={(e) => setS({ ...s, [k]: e.target.checked })}
                />
                {t(`admin.settings.${k}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="console-button" disabled={saving.busy}>
            {t('admin.settings.save')}
          </button>
          <Outcome outcome={saving.outcome} />
        </form>
      )}
      <form className="console-card console-form" onSubmit={seal} noValidate aria-labelledby="seal-title">
        <h2 id="seal-title">{t('admin.settings.seal')}</h2>
        <p className="console-hint">{t('admin.settings.sealText')}</p>
        {sealed && <p>{t('admin.settings.sealed')}</p>}
        <TextAreaField
          label={t('admin.settings.manifest')}
          spellCheck={false}
          {...sealForm.bind('manifest')}
        />
        <Field label={t('admin.settings.siteUrl')} type="url" {...sealForm.bind('siteUrl')} />
        <label className="console-check">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          {t('admin.settings.required')}
        </label>
        <button type="submit" className="console-button" disabled={sealing.busy}>
          {t('admin.settings.sealButton')}
        </button>
        <Outcome outcome={sealing.outcome} />
        {link && (
          <div>
            <p>{t('admin.settings.shareLink')}</p>
            <p className="console-secret" data-testid="share-link">
              {link}
            </p>
          </div>
        )}
      </form>
      {dialog}
    </div>
  );
}
