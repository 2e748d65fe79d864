import { accentColorSchema, accentTokens, LANGS } from '@ottkit/api-client/contract';
import type { CSSProperties } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { Field, SelectField } from './Field.tsx';
import type { SettingsForm } from './settingsForm.ts';
import type { ConsoleForm } from './useConsoleForm.ts';

const LINKS = [
  ['brand.termsUrl', 'admin.brand.termsUrl'],
  ['brand.privacyUrl', 'admin.brand.privacyUrl'],
  ['brand.helpUrl', 'admin.brand.helpUrl'],
] as const;

/**
 * The settings' brand part (issue 40, decision 0401): the service's name, the accent colour with a sample button
 * drawn in it as the site would (once the colour passes WCAG AA), the footer's links and the default language.
 */
export function BrandFields({ t, form }: { t: AdminT; form: ConsoleForm<SettingsForm> }) {
  const accent = form.values['brand.accentColor'].trim();
  const usable = accent !== '' && accentColorSchema.safeParse(accent).success;
  return (
    <fieldset className="console-form">
      <legend>{t('admin.brand.title')}</legend>
      <Field
        label={t('admin.settings.serviceName')}
        hint={t('admin.settings.serviceNameHint')}
        {...form.bind('brand.name')}
      />
      <Field
        label={t('admin.brand.accent')}
        hint={t('admin.brand.accentHint')}
        autoComplete="off"
        spellCheck={false}
        {...form.bind('brand.accentColor')}
      />
      {usable && (
        <span
          className="console-button console-sample"
          style={accentTokens(accent) as CSSProperties}
          data-accent-sample
        >
          {t('admin.brand.accentSample')}
        </span>
      )}
      {LINKS.map(([key, label]) => (
        <Field key={key} label={t(label)} type="url" {...form.bind(key)} />
      ))}
      <SelectField
        label={t('admin.brand.defaultLanguage')}
        hint={t('admin.brand.defaultLanguageHint')}
        {...form.bind('brand.defaultLanguage')}
      >
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {t(`admin.brand.lang.${l}`)}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
