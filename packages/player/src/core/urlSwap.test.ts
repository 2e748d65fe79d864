import { describe, expect, it } from 'vitest';
import { createUrlSwap } from './urlSwap.ts';

describe('url swap (renewed credentials)', () => {
  it('rewrites a derived URL that still carries the old token', () => {
    const s = createUrlSwap();
    s.learn('/media/live/ch1/master.m3u8?token=OLD', '/media/live/ch1/master.m3u8?token=NEW');
    expect(s.rewrite('http://h/media/live/ch1/hd/index.m3u8?token=OLD')).toBe(
      'http://h/media/live/ch1/hd/index.m3u8?token=NEW',
    );
    expect(s.rewrite('http://h/media/live/ch1/hd/7.m4s?token=OTHER')).toBe(
      'http://h/media/live/ch1/hd/7.m4s?token=OTHER',
    );
    expect(s.rewrite('http://h/plain.m3u8')).toBe('http://h/plain.m3u8');
  });

  it('follows several renewals to the newest value, and every changed parameter', () => {
    const s = createUrlSwap();
    s.learn('/dvr/m.m3u8?token=A&start=1', '/dvr/m.m3u8?token=B&start=2');
    s.learn('/dvr/m.m3u8?token=B&start=2', '/dvr/m.m3u8?token=C&start=2');
    expect(s.rewrite('http://h/dvr/hd/index.m3u8?token=A&start=1')).toBe(
      'http://h/dvr/hd/index.m3u8?token=C&start=2',
    );
    expect(s.rewrite('http://h/dvr/hd/index.m3u8?token=B&start=2')).toBe(
      'http://h/dvr/hd/index.m3u8?token=C&start=2',
    );
    s.clear();
    expect(s.rewrite('http://h/dvr/hd/index.m3u8?token=A')).toBe('http://h/dvr/hd/index.m3u8?token=A');
  });

  it('ignores what it cannot read', () => {
    const s = createUrlSwap();
    s.learn(undefined, '/x?token=1');
    s.learn('/x?token=1', '/x?token=1');
    expect(s.rewrite('http://h/x?token=1')).toBe('http://h/x?token=1');
  });
});
