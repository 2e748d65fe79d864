import { ARTWORK_KINDS, ARTWORK_MAX_BYTES, artworkPath } from '@ottkit/api-client/contract';
import { type FormEvent, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { base64Of } from './base64Of.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

type Kind = (typeof ARTWORK_KINDS)[number];

/**
 * A title's poster and landscape upload (issue 18 §4, decision 0239): PNG or JPEG up to 5 MB, checked before
 * sending (the server checks again and resizes); the preview is what viewers get, served by ottkit.
 */
export function TitleArtwork({
  t,
  metaId,
  uploaded = [],
  ready,
}: {
  t: AdminT;
  metaId: string;
  /** The kinds already uploaded: their preview shows at once. */
  uploaded?: readonly Kind[];
  ready: boolean;
}) {
  const [files, setFiles] = useState<Partial<Record<Kind, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<Kind, string>>>({});
  const [shown, setShown] = useState<Partial<Record<Kind, string>>>(() =>
    Object.fromEntries(uploaded.map((k) => [k, artworkPath(metaId, k)])),
  );
  const { busy, outcome, act } = useConsoleAction(t);

  const submit = (kind: Kind) => (e: FormEvent) => {
    e.preventDefault();
    const file = files[kind];
    const ok = file && file.size <= ARTWORK_MAX_BYTES && /^image\/(png|jpeg)$/.test(file.type);
    setErrors((x) => ({ ...x, [kind]: ok ? undefined : t('admin.artwork.error') }));
    if (!ok) return;
    void act(async () => {
      const { url } = await consoleApi.operator.titleArtwork({ metaId, kind, image: await base64Of(file) });
      // A new query so the browser does not show the picture it cached before the upload.
      setShown((x) => ({ ...x, [kind]: `${url}?v=${Date.now()}` }));
      return t('admin.artwork.saved');
    });
  };

  return (
    <section className="console-card" aria-labelledby="title-artwork" data-testid="title-artwork">
      <h2 id="title-artwork">{t('admin.artwork.title')}</h2>
      {ARTWORK_KINDS.map((kind) => (
        <form key={kind} className="console-form" onSubmit={submit(kind)} noValidate>
          <Field
            label={t(`admin.artwork.${kind}`)}
            hint={t('admin.artwork.hint')}
            error={errors[kind]}
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => {
              const f = e.target.files?.[0];
              setFiles((x) => ({ ...x, [kind]: f }));
            }}
          />
          {shown[kind] && (
            <img src={shown[kind]} alt={t(`admin.artwork.${kind}`)} className="console-artwork" />
          )}
          <button type="submit" className="console-button secondary" disabled={busy || !ready}>
            {t(`admin.artwork.upload.${kind}`)}
          </button>
        </form>
      ))}
      <Outcome outcome={outcome} />
    </section>
  );
}
