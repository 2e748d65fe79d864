import { useStore } from '@nanostores/react';
import { isLang, LANGS, type Lang } from '../i18n/index.ts';
import { $lang, $t, chooseLang } from '../stores/lang.ts';

const NAMES: Record<Lang, string> = { en: 'English', es: 'Español', pt: 'Português' };

/** The stored language choice of spec §1. */
export default function LanguagePicker() {
  const lang = useStore($lang);
  const t = useStore($t);
  return (
    <label className="lang-picker">
      <span className="visually-hidden">{t('nav.language')}</span>
      <select
        value={lang}
        onChange={(e) => {
          if (isLang(e.target.value)) chooseLang(e.target.value);
        }}
      >
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
