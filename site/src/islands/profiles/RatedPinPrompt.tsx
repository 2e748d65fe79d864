import type { MessageKey, Translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/langs.ts';
import { PinPrompt } from './PinPrompt.tsx';

interface Props {
  lang: Lang;
  t: Translate;
  /** Why the prompt is back (a wrong or locked-out PIN); none the first time. */
  messageKey?: MessageKey | undefined;
  /** Asks for the play again with the PIN; a refusal brings the prompt back with its `messageKey`. */
  onPin: (parentalPin: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The parental PIN prompt for one play refused for its rating (issue 20 §2, decisions 0286, 0310), the same for
 * VOD and live: the server checks the PIN (attempt-limited) when the play is asked again with it. Its users load
 * it on demand (`lazy`), when a play is refused for its rating: not with the player or the page.
 */
export default function RatedPinPrompt({ lang, t, messageKey, onPin, onClose }: Props) {
  return (
    <PinPrompt
      lang={lang}
      t={t}
      title={t('profiles.pin.enter')}
      reason={t('profiles.rated.body')}
      {...(messageKey ? { initialError: t(messageKey) } : {})}
      onSubmit={async (pin) => {
        await onPin(pin);
        return { ok: true };
      }}
      onClose={onClose}
    />
  );
}
