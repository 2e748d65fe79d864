import { isLang, LANGS, type Lang } from '../i18n/langs.ts';
import { chooseLang } from '../stores/lang.ts';

const NAMES: Record<Lang, string> = { en: 'English', es: 'Español', pt: 'Português' };

/**
 * The stored language choice of spec §1. The page's language and the label come in as props, so the
 * server's HTML and the hydrated island agree, and the island does not carry the catalogues.
 */
export default function LanguagePicker({ lang, label }: { lang: Lang; label: string }) {
  return (
    <label className="lang-picker">
      <span className="visually-hidden">{label}</span>
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
