import { setPlayUrlSource } from '../../stores/playback.ts';

/**
 * Connects the playback store to the media side's play URL call.
 * TODO: the playback contract (packages/api-client/src/contract/playback.ts) is not there yet.
 */
export function installPlayUrlSource() {
  setPlayUrlSource(async () => {
    throw new Error('playback call not available yet');
  });
}
