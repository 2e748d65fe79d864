import { channelPlaySource, isApiError } from '@ottkit/api-client';
import { browserApi } from '../../lib/api.ts';
import { type PlayRequest, setPlayUrlSource } from '../../stores/playback.ts';

/** A guest without any session gets a visitor session (spec §4 visitor mode), once, then asks again. */
async function withVisitorSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (!isApiError(e) || e.name !== 'SessionInvalidError') throw e;
    await browserApi.account.visitorLogin({});
    return call();
  }
}

/** Connects the playback store to the Live API play source call (signed live and catch-up URLs). */
export function installPlayUrlSource() {
  setPlayUrlSource(async (req: PlayRequest) => {
    const answer = await withVisitorSession(() =>
      browserApi.call(channelPlaySource, {
        logicalChannelId: req.logicalChannelId,
        mode: req.kind,
        ...(req.kind === 'catchup' ? { start: req.start, stop: req.stop } : {}),
      }),
    );
    return { url: answer.url, authority: answer.authorized };
  });
}
