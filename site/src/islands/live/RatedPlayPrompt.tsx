import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $lang, $t } from '../../stores/lang.ts';
import { $catchup, $livePlayback, closeCatchup, loadLivePlayback } from '../../stores/playback.ts';
import { playCatchup } from './guideActions.ts';

// The PIN prompt VOD uses, loaded when a play is refused for its rating, not with the page.
const RatedPinPrompt = lazy(() => import('../profiles/RatedPinPrompt.tsx'));

/**
 * Issue 20 §2: a live, time-shift or catch-up play refused for the programme's rating asks for the parental PIN,
 * as VOD does (the same prompt); the play is asked again with it (the server checks it, attempt-limited). Closing
 * the prompt (Escape, the remote's Back) leaves live on the refusal's text, which offers it again, and catch-up
 * closed.
 */
export function RatedPlayPrompt() {
  const live = useStore($livePlayback);
  const catchup = useStore($catchup);
  const t = useStore($t);
  const lang = useStore($lang);
  const rated = catchup?.state === 'rated' ? catchup : live.state === 'rated' ? live : null;
  if (!rated) return null;
  const { logicalChannelId } = rated;
  return (
    <Suspense fallback={null}>
      <RatedPinPrompt
        lang={lang}
        t={t}
        messageKey={rated.messageKey}
        onPin={(parentalPin) =>
          catchup?.state === 'rated'
            ? playCatchup({ logicalChannelId }, catchup.programme, parentalPin)
            : loadLivePlayback({ logicalChannelId }, parentalPin)
        }
        onClose={() =>
          catchup?.state === 'rated'
            ? closeCatchup()
            : $livePlayback.set({ state: 'error', logicalChannelId, messageKey: 'profiles.rated.refused' })
        }
      />
    </Suspense>
  );
}
