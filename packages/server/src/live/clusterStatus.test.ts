import { describe, expect, it } from 'vitest';
import { clusterChannelStatus, serverOfOwner } from './clusterStatus.ts';
import type { LiveChannelStatus, LiveStatus } from './liveStatus.ts';

// live status for a cluster (decision 0317): each channel from the view of the process that packages it.
const channel = (
  id: string,
  running: boolean,
  extra: Partial<LiveChannelStatus> = {},
): LiveChannelStatus => ({
  logicalChannelId: id,
  liveStreamId: id,
  mode: 'record',
  retentionDays: 1,
  running,
  viewers: 0,
  switches24h: 0,
  segments: 3,
  diskBytes: 1,
  sources: [],
  ...extra,
});

const holderView: LiveStatus = {
  at: 1000,
  owner: 'h:1:a',
  channels: [channel('lc-1', true, { packager: { owner: 'h:1:a', since: 500 }, activeSource: 1 })],
};
// Written after the holder's: before, the one file held this follower's idle view.
const followerView: LiveStatus = {
  at: 1500,
  owner: 'h:2:b',
  channels: [channel('lc-1', false), channel('lc-2', false)],
};

describe('the cluster-wide live status', () => {
  it('takes each channel from the process the shared lock names, saying who and since when', () => {
    const holders = new Map([
      ['lc-1', { owner: 'h:1:a', since: 400 }],
      ['lc-2', undefined],
    ]);
    const [one, two] = clusterChannelStatus([followerView, holderView], holders);
    expect(one).toMatchObject({ running: true, activeSource: 1, packager: { owner: 'h:1:a', since: 400 } });
    // Nobody packages it: the newest view, and no packager.
    expect(two?.running).toBe(false);
    expect(two?.packager).toBeUndefined();
  });

  it('without a shared lock to ask (one process, or Redis away), believes the process that says it packages', () => {
    const [one] = clusterChannelStatus([followerView, holderView], undefined);
    expect(one).toMatchObject({ running: true, packager: { owner: 'h:1:a', since: 500 } });
  });

  it('drops a claim the shared lock no longer backs (the claimant lost the lock since it wrote)', () => {
    const [one] = clusterChannelStatus([holderView], new Map([['lc-1', undefined]]));
    expect(one?.packager).toBeUndefined();
  });

  it('names a packager by its host for the console, never its pid or id (decision 0370)', () => {
    expect(serverOfOwner('edge-2.example:20959:vzczcy')).toBe('edge-2.example');
    expect(serverOfOwner('vm:1:a')).toBe('vm');
  });
});
