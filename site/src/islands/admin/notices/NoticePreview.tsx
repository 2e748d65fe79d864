import { Marquee, MessagesProvider, NoticePopup } from '@ottkit/ui';
import { useState } from 'react';
import type { AdminKey, AdminT } from '../../../i18n/admin.ts';
import { kitMessagesFor } from '../../../i18n/kit.ts';
import type { Lang } from '../../../i18n/langs.ts';
import { isMarqueeMode, isPopupMode, type NoticeDraft } from './noticeForm.ts';

/** Where a set of modes shows, in words: "Scrolling marquee: Live TV; Popup: Home". */
export function placesOf(modes: readonly number[], t: AdminT): string {
  const group = (label: AdminKey, pick: (m: number) => boolean) => {
    const pages = modes.filter(pick).map((m) => t(`admin.notices.mode.${m}` as AdminKey));
    return pages.length ? `${t(label)}: ${pages.join(', ')}` : '';
  };
  return [group('admin.notices.marquees', isMarqueeMode), group('admin.notices.popups', isPopupMode)]
    .filter(Boolean)
    .join('; ');
}

/**
 * The draft as a viewer sees it: the site's own kit components (the marquee strip in the notice's colours and
 * size, the 400 px popup), with the viewer's texts in the console's language. The message is a text node there.
 */
export function NoticePreview({ draft, lang, t }: { draft: NoticeDraft; lang: Lang; t: AdminT }) {
  const [run, setRun] = useState(0);
  const [popupOpen, setPopupOpen] = useState(false);
  const size = Number(draft.size);
  const notice = {
    id: 'preview',
    msg: draft.msg,
    properties: {
      backgroundcolor: draft.background,
      textcolor: draft.text,
      ...(Number.isInteger(size) ? { textsize: size } : {}),
    },
  };
  const marquee = draft.modes.some(isMarqueeMode);
  const popup = draft.modes.some(isPopupMode);
  return (
    <section className="console-card notice-preview" aria-labelledby="notice-preview-title">
      <h2 id="notice-preview-title">{t('admin.notices.previewTitle')}</h2>
      <p>{t('admin.notices.showsOn', { pages: placesOf(draft.modes, t) })}</p>
      <p className="console-hint">{t('admin.notices.rules')}</p>
      <MessagesProvider messages={kitMessagesFor(lang)}>
        {marquee && (
          <>
            <div className="notice-preview-strip" data-testid="notice-preview-marquee">
              <Marquee key={run} notice={notice} />
            </div>
            <button type="button" className="console-button secondary" onClick={() => setRun((r) => r + 1)}>
              {t('admin.notices.replay')}
            </button>
          </>
        )}
        {popup && (
          <button type="button" className="console-button secondary" onClick={() => setPopupOpen(true)}>
            {t('admin.notices.openPopup')}
          </button>
        )}
        {popupOpen && (
          <NoticePopup
            open
            notice={{ id: notice.id, msg: notice.msg, ...(draft.title.trim() ? { title: draft.title } : {}) }}
            onOk={() => setPopupOpen(false)}
          />
        )}
      </MessagesProvider>
    </section>
  );
}
