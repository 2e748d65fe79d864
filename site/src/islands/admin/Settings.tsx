import {
  accentRefusal,
  businessTypeSchema,
  settingsUpdate,
  TRANSCODE_PARALLEL,
  zeroTrustSeal,
} from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { type AdminKey, createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { BrandFields } from './BrandFields.tsx';
import { BrandPicture } from './BrandPicture.tsx';
import { CheckField, Field, SelectField, TextAreaField, wholeNumber } from './Field.tsx';
import { asForm, type SettingsForm } from './settingsForm.ts';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

const SWITCHES = [
  'layout.hide_unsubscribe_channel',
  'layout.popular_search_switch',
  'layout.more_like_this_switch',
  'layout.home_live_layout_switch',
] as const;

/** What the form holds until the settings are read (it is not drawn before). */
const UNREAD: SettingsForm = {
  businessType: businessTypeSchema.enum.liveAndVod,
  visitorMode: false,
  memberSiteUrl: '',
  'layout.hide_unsubscribe_channel': false,
  'layout.popular_search_switch': false,
  'layout.more_like_this_switch': false,
  'layout.home_live_layout_switch': false,
  'brand.name': '',
  'brand.accentColor': '',
  'brand.termsUrl': '',
  'brand.privacyUrl': '',
  'brand.helpUrl': '',
  'brand.defaultLanguage': 'en',
  'mail.fromName': '',
  'mail.fromAddress': '',
  'transcode.parallel': String(TRANSCODE_PARALLEL.default),
};

/** /admin/settings (issue 18 §8, admin only): business type, visitor mode, layout, member site, sealing. */
export default function Settings({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const form = useConsoleForm<SettingsForm>(UNREAD);
  const [read, setRead] = useState(false);
  const [sealed, setSealed] = useState(false);
  const [delivery, setDelivery] = useState({ email: false, sms: false });
  const [logoUrl, setLogoUrl] = useState('');
  const [iconVersion, setIconVersion] = useState('');
  const sealForm = useConsoleForm({ manifest: '', siteUrl: '', required: false });
  const [link, setLink] = useState('');
  const saving = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const sealing = useConsoleAction(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once
  useEffect(() => {
    sealForm.setValues((v) => ({ ...v, siteUrl: window.location.origin }));
    void saving.act(async () => {
      const r = await consoleApi.operator.settingsGet({});
      form.reset(asForm(r.settings));
      setRead(true);
      setSealed(r.sealedManifest);
      setDelivery(r.delivery);
      setLogoUrl(r.logoUrl);
      setIconVersion(r.iconVersion);
    });
  }, []);

  const save = (e: FormEvent) => {
    e.preventDefault();
    const v = form.values;
    const input = {
      ...v,
      memberSiteUrl: v.memberSiteUrl.trim(),
      'brand.name': v['brand.name'].trim(),
      'brand.accentColor': v['brand.accentColor'].trim(),
      'brand.termsUrl': v['brand.termsUrl'].trim(),
      'brand.privacyUrl': v['brand.privacyUrl'].trim(),
      'brand.helpUrl': v['brand.helpUrl'].trim(),
      'mail.fromName': v['mail.fromName'].trim(),
      'mail.fromAddress': v['mail.fromAddress'].trim(),
      'transcode.parallel': Number(v['transcode.parallel'].trim()),
    };
    const refused: Record<string, AdminKey> = {
      memberSiteUrl: 'admin.error.url',
      'brand.name': 'admin.error.required',
      'brand.termsUrl': 'admin.error.url',
      'brand.privacyUrl': 'admin.error.url',
      'brand.helpUrl': 'admin.error.url',
      'mail.fromAddress': 'admin.error.email',
      'transcode.parallel': 'admin.settings.transcodeParallelRefused',
    };
    // The colour's refusal says its ratio, from the contract's own figures, in the operator's language.
    const accentWords = () => {
      const why = accentRefusal(input['brand.accentColor']);
      return why
        ? t(`admin.brand.refused.${why.rule}`, { ratio: why.ratio, needs: why.needs })
        : t('admin.brand.refused.format');
    };
    const words = (k: string) =>
      k === 'brand.accentColor' ? accentWords() : refused[k] ? t(refused[k]) : undefined;
    if (!form.check(settingsUpdate, input, words)) return;
    void saving.act(async () => {
      const r = await consoleApi.operator.settingsUpdate(input);
      form.reset(asForm(r.settings));
      setDelivery(r.delivery);
      return t('admin.settings.saved');
    });
  };

  const seal = async (e: FormEvent) => {
    e.preventDefault();
    const { manifest, required, siteUrl } = sealForm.values;
    const input = { manifest, required, siteUrl: siteUrl.trim() };
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
    <div className="console-grid" data-ready={ready && read}>
      {read && (
        <form
          className="console-card console-form"
          onSubmit={save}
          noValidate
          aria-labelledby="settings-title"
        >
          <h2 id="settings-title">{t('admin.settings.title')}</h2>
          <SelectField label={t('admin.settings.businessType')} {...form.bind('businessType')}>
            {businessTypeSchema.options.map((b) => (
              <option key={b} value={b}>
                {t(`admin.settings.business.${b}`)}
              </option>
            ))}
          </SelectField>
          <CheckField label={t('admin.settings.visitorMode')} {...form.bindCheck('visitorMode')} />
          <Field label={t('admin.settings.memberSiteUrl')} type="url" {...form.bind('memberSiteUrl')} />
          <fieldset className="console-form">
            <legend>{t('admin.settings.layout')}</legend>
            {SWITCHES.map((k) => (
              <CheckField key={k} label={t(`admin.settings.${k}`)} {...form.bindCheck(k)} />
            ))}
          </fieldset>
          <BrandFields t={t} form={form} />
          <fieldset className="console-form">
            <legend>{t('admin.mail.title')}</legend>
            <p className="console-hint" data-testid="mail-delivery">
              {t(delivery.email ? 'admin.mail.emailOn' : 'admin.mail.emailOff')}{' '}
              {t(delivery.sms ? 'admin.mail.smsOn' : 'admin.mail.smsOff')}
            </p>
            <Field label={t('admin.mail.fromName')} {...form.bind('mail.fromName')} />
            <Field
              label={t('admin.mail.fromAddress')}
              type="email"
              autoComplete="off"
              {...form.bind('mail.fromAddress')}
            />
          </fieldset>
          <fieldset className="console-form">
            <legend>{t('admin.settings.transcodes')}</legend>
            <Field
              label={t('admin.settings.transcodeParallel')}
              hint={t('admin.settings.transcodeParallelHint')}
              {...wholeNumber(TRANSCODE_PARALLEL)}
              {...form.bind('transcode.parallel')}
            />
          </fieldset>
          <button type="submit" className="console-button" disabled={saving.busy}>
            {t('admin.settings.save')}
          </button>
          <Outcome outcome={saving.outcome} />
        </form>
      )}
      {read && (
        <section className="console-card" aria-labelledby="logo-title">
          <h2 id="logo-title">{t('admin.brand.logoTitle')}</h2>
          <BrandPicture t={t} kind="logo" shown={logoUrl} ready={ready} />
        </section>
      )}
      {read && (
        <section className="console-card" aria-labelledby="icon-title">
          <h2 id="icon-title">{t('admin.brand.iconTitle')}</h2>
          <BrandPicture t={t} kind="icon" shown={iconVersion} ready={ready} />
        </section>
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
        <CheckField label={t('admin.settings.required')} {...sealForm.bindCheck('required')} />
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
