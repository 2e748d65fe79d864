import type { Channel } from '@ottkit/api-client/contract';

type Rule = Channel['contentRuleList'][number];

/** What the access rules look at (spec §3 contentRuleList, §4): address, device, country and account. */
export interface Viewer {
  ip: string;
  /** The device's MAC address when the client sends one (TV boxes); '' otherwise. */
  mac: string;
  /** ISO country from the IP-to-country table; '' when unknown. */
  region: string;
  /** Every identifier of the account an operator may write in a rule: accountId, virtual code, email. */
  accounts: string[];
}

function values(rule: Rule): string[] {
  return rule.ruleValue
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `*` stands for any run of characters (`10.*.*.*`, `192.168.1.*`); everything else is literal. */
export function ipMatches(pattern: string, ip: string): boolean {
  if (!pattern.includes('*')) return pattern === ip;
  const re = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${re.join('.*')}$`).test(ip);
}

/** MAC addresses compare without separators or case: `AA:BB-cc.dd…` */
export function normalizeMac(mac: string): string {
  return mac.replace(/[^0-9a-f]/gi, '').toLowerCase();
}

export function ruleMatches(rule: Rule, v: Viewer): boolean {
  const list = values(rule);
  switch (rule.ruleType) {
    case 'ip':
      return v.ip !== '' && list.some((p) => ipMatches(p, v.ip));
    case 'mac': {
      const mac = normalizeMac(v.mac);
      return mac !== '' && list.some((m) => normalizeMac(m) === mac);
    }
    case 'region':
      return v.region !== '' && list.some((r) => r.toUpperCase() === v.region.toUpperCase());
    case 'account': {
      const mine = new Set(v.accounts.filter(Boolean).map((a) => a.toLowerCase()));
      return list.some((a) => mine.has(a.toLowerCase()));
    }
  }
}

/**
 * Whether a viewer may see a channel (decision 0052):
 * 1. except rules win over basic ones: a matching except deny hides, else a matching except allow shows;
 * 2. then basic rules: a matching basic deny hides; when basic allow rules exist, the viewer must match one;
 * 3. no rule at all: visible.
 * Within one category deny beats allow, so a mistake in a rule list closes rather than opens.
 */
export function channelVisible(rules: readonly Rule[], v: Viewer): boolean {
  if (rules.length === 0) return true;
  const matching = rules.filter((r) => ruleMatches(r, v));
  const has = (category: Rule['ruleCategory'], action: Rule['action']) =>
    matching.some((r) => r.ruleCategory === category && r.action === action);
  if (has('except', 'deny')) return false;
  if (has('except', 'allow')) return true;
  if (has('basic', 'deny')) return false;
  const allowList = rules.some((r) => r.ruleCategory === 'basic' && r.action === 'allow');
  return !allowList || has('basic', 'allow');
}
