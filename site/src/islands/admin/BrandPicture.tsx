import {
  APP_ICONS,
  BRAND_ICON_MAX_BYTES,
  BRAND_LOGO_MAX_BYTES,
  brandIconAddress,
  brandIconUpload,
  brandLogoUpload,
} from '@ottkit/api-client/contract';
import { type FormEvent, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { base64Of } from './base64Of.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

/**
 * The brand's two pictures, each a form of its own (it sends a file, the settings form sends words), checked
 * before sending and judged again by the server, which says in words what is wrong:
 * - the logo (decision 0403): a PNG, JPEG or SVG up to 512 KB; the server fits a picture to the header and
 *   sanitises an SVG. `shown` is its address.
 * - the app icon (decision 0405): a square PNG or JPEG of at least 512 px up to 2 MB; the server makes the app's
 *   icons from it. `shown` is its version; the preview shows the icon and the maskable one in a circle, as a phone
 *   may cut it.
 */
const KINDS = {
  logo: {
    types: ['image/png', 'image/jpeg', 'image/svg+xml'],
    maxBytes: BRAND_LOGO_MAX_BYTES,
    call: brandLogoUpload,
    upload: async (image: string) => (await consoleApi.operator.brandLogoUpload({ image })).logoUrl,
    remove: async () => (await consoleApi.operator.brandLogoRemove({})).logoUrl,
  },
  icon: {
    types: ['image/png', 'image/jpeg'],
    maxBytes: BRAND_ICON_MAX_BYTES,
    call: brandIconUpload,
    upload: async (image: string) => (await consoleApi.operator.brandIconUpload({ image })).iconVersion,
    remove: async () => (await consoleApi.operator.brandIconRemove({})).iconVersion,
  },
} as const;

export function BrandPicture({
  t,
  kind,
  shown: first,
  ready,
}: {
  t: AdminT;
  kind: keyof typeof KINDS;
  shown: string;
  ready: boolean;
}) {
  const k = KINDS[kind];
  const { busy, outcome, act } = useConsoleAction(t);
  const form = useConsoleForm<{ image: File | null }>({ image: null });
  const [shown, setShown] = useState(first);

  const upload = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const file = form.values.image;
      const usable = file && file.size <= k.maxBytes && (k.types as readonly string[]).includes(file.type);
      const input = { image: usable ? await base64Of(file) : '' };
      if (!form.check(k.call, input, () => t(`admin.brand.${kind}Error`))) return;
      setShown(await k.upload(input.image));
      return t(`admin.brand.${kind}Saved`);
    });
  };
  const remove = () =>
    void act(async () => {
      setShown(await k.remove());
      return t(`admin.brand.${kind}Removed`);
    });

  return (
    <form className="console-form" onSubmit={upload} noValidate data-testid={`brand-${kind}`}>
      <Field
        label={t(`admin.brand.${kind}`)}
        hint={t(`admin.brand.${kind}Hint`)}
        type="file"
        accept={k.types.join(',')}
        {...form.bindFile('image')}
      />
      {shown && kind === 'logo' && (
        <img src={shown} alt={t('admin.brand.logoNow')} className="console-brand-logo" />
      )}
      {shown && kind === 'icon' && (
        <div className="console-icons">
          {APP_ICONS.filter((i) => i.size === 512).map((i) => (
            <img
              key={i.file}
              src={brandIconAddress(i.file, shown)}
              alt={t(i.maskable ? 'admin.brand.iconMaskable' : 'admin.brand.iconNow')}
              className={i.maskable ? 'console-icon maskable' : 'console-icon'}
              width="96"
              height="96"
            />
          ))}
        </div>
      )}
      <div className="console-actions">
        <button type="submit" className="console-button secondary" disabled={busy || !ready}>
          {t(`admin.brand.${kind}Upload`)}
        </button>
        {shown && (
          <button type="button" className="console-button secondary" disabled={busy} onClick={remove}>
            {t(`admin.brand.${kind}Remove`)}
          </button>
        )}
      </div>
      <Outcome outcome={outcome} />
    </form>
  );
}
