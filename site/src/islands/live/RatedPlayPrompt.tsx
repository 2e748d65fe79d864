import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $lang, $t } from '../../stores/lang.ts';
import { $catchup, $livePlayback, closeCatchup, loadLivePlayback } from '../../stores/playback.ts';
import { playCatchup } from './guideActions.ts';

// The PIN prompt of the profiles (the one VOD uses) loads when a play is refused for its rating, not with the page.
const PinPrompt = lazy(() => import('../profiles/PinPrompt.tsx').then((m) => ({ default: m.PinPrompt })));

/**
 * Issue 20 §2: a live, time-shift or catch-up play refused for the programme's rating asks for the parental PIN,
 * as VOD does; the play is asked again with it (the server checks it, attempt-limited). Closing the prompt (Escape,
 * the remote's Back) leaves live on the refusal's text, and catch-up closed.
 */
export function RatedPlayPrompt() {
  const live = useStore($livePlayback);
  const catchup = useStore($catchup);
  const t = useStore($t);
  const lang = useStore($lang);
  const rated = catchup?.state === 'rated' ? catchup : live.state === 'rated' ? live : null;
  if (!rated) return null;
  const { logicalChannelId } = rated;
  const retry = async (parentalPin: string) => {
    if (catchup?.state === 'rated') await playCatchup({ logicalChannelId }, catchup.programme, parentalPin);
    else await loadLivePlayback({ logicalChannelId }, parentalPin);
    // A wrong PIN comes back as the prompt again, with its text (the refusal's `messageKey`).
    return { ok: true } as const;
  };
  const close = () => {
    if (catchup?.state === 'rated') closeCatchup();
    else $livePlayback.set({ state: 'error', logicalChannelId, messageKey: 'profiles.rated.refused' });
  };
  return (
    <Suspense fallback={null}>
      <PinPrompt
        lang={lang}
        t={t}
        title={t('profiles.pin.enter')}
        reason={t('profiles.rated.body')}
        {...(rated.messageKey ? { initialError: t(rated.messageKey) } : {})}
        onSubmit={retry}
        onClose={close}
      />
    </Suspense>
  );
}
