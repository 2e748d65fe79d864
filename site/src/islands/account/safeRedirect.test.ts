import { describe, expect, it } from 'vitest';
import { safeRedirect } from './accountActions.ts';

// Issue 35: targets that pass as same-origin but resolve to `//host` once dot segments are removed, directly
// or nested through the profile picker's own ?redirect= (login → /profiles?redirect=… → the target).
const SITE = 'https://site.test';

/** Where a person ends after login: /login reads ?redirect=, the picker reads its own ?redirect= again. */
function journey(raw: string): string[] {
  const steps = [safeRedirect(raw)];
  for (let i = 0; i < 4; i++) {
    const at = new URL(steps[steps.length - 1] as string, SITE);
    if (at.pathname !== '/profiles') break;
    steps.push(safeRedirect(at.searchParams.get('redirect')));
  }
  return steps;
}

const HOSTILE = [
  '/..//evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/a/b/../..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e//evil.example',
  '/..///evil.example',
  '/..//evil.example/path?x=1#y',
  '/../..//evil.example',
  '/..%2f/evil.example',
  '/%2f%2fevil.example',
  '/%5cevil.example',
  '/\\evil.example',
  '/..\\/evil.example',
  '/./\\evil.example',
  '/..%5c/evil.example',
  '/profiles?redirect=/..//evil.example',
  '/profiles?redirect=%2F..%2F%2Fevil.example',
  `/profiles?redirect=${encodeURIComponent('/profiles?redirect=/%2e%2e//evil.example')}`,
  `/profiles?redirect=${encodeURIComponent('/a/..//evil.example')}`,
];

describe('safeRedirect after dot segments (issue 35)', () => {
  it('ends every target of the family on a same-origin path with a single leading slash', () => {
    for (const raw of HOSTILE) {
      for (const step of journey(raw)) {
        expect(step, JSON.stringify(raw)).toMatch(/^\/(?![/\\])/);
        expect(new URL(step, SITE).origin, JSON.stringify(raw)).toBe(SITE);
      }
    }
  });

  it('sends the resolved-to-another-host targets home', () => {
    expect(safeRedirect('/..//evil.example')).toBe('/home');
    expect(safeRedirect('/%2e%2e//evil.example')).toBe('/home');
    expect(journey('/profiles?redirect=%2F..%2F%2Fevil.example')).toEqual([
      '/profiles?redirect=%2F..%2F%2Fevil.example',
      '/home',
    ]);
  });

  it('keeps ordinary paths, dot segments that stay on a path included', () => {
    expect(safeRedirect('/vod/../my/plan?x=1')).toBe('/my/plan?x=1');
    expect(safeRedirect('/profiles?redirect=%2Fmy%2Fplan')).toBe('/profiles?redirect=%2Fmy%2Fplan');
    expect(journey('/profiles?redirect=%2Fmy%2Fplan')).toEqual([
      '/profiles?redirect=%2Fmy%2Fplan',
      '/my/plan',
    ]);
  });
});
