import { ARTWORK_KINDS, ARTWORK_MAX_BYTES, artworkPath, titleArtwork } from '@ottkit/api-client/contract';
import { type FormEvent, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { base64Of } from './base64Of.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

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
  const { busy, outcome, act } = useConsoleAction(t);
  return (
    <section className="console-card" aria-labelledby="title-artwork" data-testid="title-artwork">
      <h2 id="title-artwork">{t('admin.artwork.title')}</h2>
      {ARTWORK_KINDS.map((kind) => (
        <ArtworkForm
          key={kind}
          t={t}
          metaId={metaId}
          kind={kind}
          uploaded={uploaded.includes(kind)}
          busy={busy || !ready}
          act={act}
        />
      ))}
      <Outcome outcome={outcome} />
    </section>
  );
}

/** One kind's picture: its file, refused in words under it before sending (wrong type, too large), and preview. */
function ArtworkForm({
  t,
  metaId,
  kind,
  uploaded,
  busy,
  act,
}: {
  t: AdminT;
  metaId: string;
  kind: Kind;
  uploaded: boolean;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
}) {
  const form = useConsoleForm<{ image: File | null }>({ image: null });
  const [shown, setShown] = useState(uploaded ? artworkPath(metaId, kind) : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const file = form.values.image;
      const picture = file && file.size <= ARTWORK_MAX_BYTES && /^image\/(png|jpeg)$/.test(file.type);
      const input = { metaId, kind, image: picture ? await base64Of(file) : '' };
      if (!form.check(titleArtwork, input, () => t('admin.artwork.error'))) return;
      const { url } = await consoleApi.operator.titleArtwork(input);
      // A new query so the browser does not show the picture it cached before the upload.
      setShown(`${url}?v=${Date.now()}`);
      return t('admin.artwork.saved');
    });
  };

  return (
    <form className="console-form" onSubmit={submit} noValidate>
      <Field
        label={t(`admin.artwork.${kind}`)}
        hint={t('admin.artwork.hint')}
        type="file"
        accept="image/png,image/jpeg"
        {...form.bindFile('image')}
      />
      {shown && <img src={shown} alt={t(`admin.artwork.${kind}`)} className="console-artwork" />}
      <button type="submit" className="console-button secondary" disabled={busy}>
        {t(`admin.artwork.upload.${kind}`)}
      </button>
    </form>
  );
}
