import { BRAND_LOGO_MAX_BYTES, brandLogoUpload } from '@ottkit/api-client/contract';
import { type FormEvent, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { base64Of } from './base64Of.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

const TYPES = /^image\/(png|jpeg|svg\+xml)$/;

/**
 * The service's logo (issue 40, decision 0403): a PNG, JPEG or SVG up to 512 KB, checked before sending; the server
 * fits a picture to the header and sanitises an SVG, and says in words what an SVG may not have. The preview is
 * what viewers get, served by ottkit. A form of its own: it sends a file, the settings form sends words.
 */
export function BrandLogo({ t, logoUrl, ready }: { t: AdminT; logoUrl: string; ready: boolean }) {
  const { busy, outcome, act } = useConsoleAction(t);
  const form = useConsoleForm<{ image: File | null }>({ image: null });
  const [shown, setShown] = useState(logoUrl);

  const upload = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const file = form.values.image;
      const usable = file && file.size <= BRAND_LOGO_MAX_BYTES && TYPES.test(file.type);
      const input = { image: usable ? await base64Of(file) : '' };
      if (!form.check(brandLogoUpload, input, () => t('admin.brand.logoError'))) return;
      setShown((await consoleApi.operator.brandLogoUpload(input)).logoUrl);
      return t('admin.brand.logoSaved');
    });
  };
  const remove = () =>
    void act(async () => {
      setShown((await consoleApi.operator.brandLogoRemove({})).logoUrl);
      return t('admin.brand.logoRemoved');
    });

  return (
    <form className="console-form" onSubmit={upload} noValidate data-testid="brand-logo">
      <Field
        label={t('admin.brand.logo')}
        hint={t('admin.brand.logoHint')}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml"
        {...form.bindFile('image')}
      />
      {shown && <img src={shown} alt={t('admin.brand.logoNow')} className="console-logo" />}
      <div className="console-actions">
        <button type="submit" className="console-button secondary" disabled={busy || !ready}>
          {t('admin.brand.logoUpload')}
        </button>
        {shown && (
          <button type="button" className="console-button secondary" disabled={busy} onClick={remove}>
            {t('admin.brand.logoRemove')}
          </button>
        )}
      </div>
      <Outcome outcome={outcome} />
    </form>
  );
}
