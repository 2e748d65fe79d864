import type { Channel } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { channelVisible, ipMatches, normalizeMac, ruleMatches, type Viewer } from './accessRules.ts';

type Rule = Channel['contentRuleList'][number];
const rule = (
  ruleCategory: Rule['ruleCategory'],
  action: Rule['action'],
  ruleType: Rule['ruleType'],
  ruleValue: string,
): Rule => ({ ruleCategory, action, ruleType, ruleValue });

const viewer: Viewer = {
  ip: '192.168.1.20',
  mac: 'AA-BB-CC-DD-EE-01',
  region: 'BR',
  accounts: ['acc-1', '1000000001', 'me@ottkit.test'],
};

describe('ipMatches', () => {
  it('matches literally without a wildcard', () => {
    expect(ipMatches('192.168.1.20', '192.168.1.20')).toBe(true);
    expect(ipMatches('192.168.1.2', '192.168.1.20')).toBe(false);
  });
  it('lets * stand for any run of characters, anchored at both ends', () => {
    expect(ipMatches('192.168.*.*', '192.168.1.20')).toBe(true);
    expect(ipMatches('192.168.1.*', '192.168.1.20')).toBe(true);
    expect(ipMatches('10.*', '10.1.2.3')).toBe(true);
    expect(ipMatches('10.*', '110.1.2.3')).toBe(false);
    expect(ipMatches('*.20', '192.168.1.20')).toBe(true);
    expect(ipMatches('*', '8.8.8.8')).toBe(true);
  });
  it('treats dots literally (1.2.3.* does not match 1a2b3c4)', () => {
    expect(ipMatches('1.2.3.*', '1a2b3c4')).toBe(false);
  });
});

describe('ruleMatches', () => {
  it('reads comma lists with spaces', () => {
    expect(ruleMatches(rule('basic', 'allow', 'ip', ' 8.8.8.8 , 192.168.*.* '), viewer)).toBe(true);
  });
  it('compares MAC addresses without separators or case', () => {
    expect(normalizeMac('aa:bb:cc:dd:ee:01')).toBe('aabbccddee01');
    expect(ruleMatches(rule('basic', 'deny', 'mac', 'aa:bb:cc:dd:ee:01'), viewer)).toBe(true);
    expect(ruleMatches(rule('basic', 'deny', 'mac', 'aa:bb:cc:dd:ee:01'), { ...viewer, mac: '' })).toBe(
      false,
    );
  });
  it('compares regions case-insensitively and never matches an unknown region', () => {
    expect(ruleMatches(rule('basic', 'allow', 'region', 'us,br'), viewer)).toBe(true);
    expect(ruleMatches(rule('basic', 'allow', 'region', 'US'), { ...viewer, region: '' })).toBe(false);
  });
  it('matches an account by id, virtual code or email', () => {
    expect(ruleMatches(rule('basic', 'allow', 'account', 'ME@ottkit.test'), viewer)).toBe(true);
    expect(ruleMatches(rule('basic', 'allow', 'account', '1000000001'), viewer)).toBe(true);
    expect(ruleMatches(rule('basic', 'allow', 'account', 'acc-2'), viewer)).toBe(false);
  });
});

describe('channelVisible (basic and except precedence)', () => {
  it('shows a channel without rules', () => {
    expect(channelVisible([], viewer)).toBe(true);
  });
  it('hides on a matching basic deny, shows when it does not match', () => {
    expect(channelVisible([rule('basic', 'deny', 'region', 'BR')], viewer)).toBe(false);
    expect(channelVisible([rule('basic', 'deny', 'region', 'KP')], viewer)).toBe(true);
  });
  it('with basic allow rules, requires one of them to match', () => {
    expect(channelVisible([rule('basic', 'allow', 'region', 'US')], viewer)).toBe(false);
    expect(
      channelVisible(
        [rule('basic', 'allow', 'region', 'US'), rule('basic', 'allow', 'ip', '192.168.*.*')],
        viewer,
      ),
    ).toBe(true);
  });
  it('lets basic deny beat basic allow', () => {
    expect(
      channelVisible([rule('basic', 'allow', 'region', 'BR'), rule('basic', 'deny', 'ip', '192.*')], viewer),
    ).toBe(false);
  });
  it('lets a matching except allow override a basic deny or a missed allow list', () => {
    const except = rule('except', 'allow', 'account', 'acc-1');
    expect(channelVisible([rule('basic', 'deny', 'region', 'BR'), except], viewer)).toBe(true);
    expect(channelVisible([rule('basic', 'allow', 'region', 'US'), except], viewer)).toBe(true);
    expect(
      channelVisible([rule('basic', 'allow', 'region', 'US'), except], { ...viewer, accounts: [] }),
    ).toBe(false);
  });
  it('lets a matching except deny override a basic allow, and beat an except allow', () => {
    expect(
      channelVisible(
        [rule('basic', 'allow', 'region', 'BR'), rule('except', 'deny', 'mac', 'AABBCCDDEE01')],
        viewer,
      ),
    ).toBe(false);
    expect(
      channelVisible(
        [rule('except', 'allow', 'region', 'BR'), rule('except', 'deny', 'ip', '192.168.1.*')],
        viewer,
      ),
    ).toBe(false);
  });
  it('ignores an except rule that does not match', () => {
    expect(channelVisible([rule('except', 'deny', 'ip', '10.*')], viewer)).toBe(true);
  });
});
