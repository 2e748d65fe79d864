import type { PlayHistory } from '@ottkit/api-client';
import { useState } from 'react';
import { browserApi } from '../../lib/api.ts';
import ChannelTiles from './ChannelTiles.tsx';

interface Props {
  /** The play history as the server rendered it (newest first, one entry per channel). */
  entries: PlayHistory[];
  /** Texts in the page language, translated on the server (the island carries no catalogue). */
  texts: { label: string; delete: string; deleteLabel: string; deleteFailed: string; empty: string };
}

/**
 * The channels the user watched (spec §7 play history list), each with Delete (play history delete). The list
 * shown after a delete is the server's answer, so what the page shows is what the server keeps.
 */
export default function LiveHistoryList({ entries, texts }: Props) {
  const [list, setList] = useState(entries);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  async function remove(logicalChannelId: string) {
    setBusy(logicalChannelId);
    setFailed(false);
    try {
      const answer = await browserApi.live.playHistoryDelete({ playHistoryDeleteList: [logicalChannelId] });
      setList(answer.playHistoryList);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {failed && (
        <p className="notice" role="alert">
          {texts.deleteFailed}
        </p>
      )}
      {list.length === 0 ? (
        <p className="notice">{texts.empty}</p>
      ) : (
        <ChannelTiles
          channels={list}
          label={texts.label}
          action={(c) => (
            <button
              type="button"
              className="vod-btn"
              aria-label={texts.deleteLabel.replace('{channel}', c.logicalChannelName)}
              disabled={busy !== null}
              onClick={() => void remove(c.logicalChannelId)}
            >
              {texts.delete}
            </button>
          )}
        />
      )}
    </>
  );
}
