import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSOLE_AREAS, CONSOLE_SCREENS, menuFor, screenAt, screensFor } from './consoleScreens.ts';

// Issue 38: one list of the console's screens drives the navigation, the console home and each page's role check.
const pages = join(dirname(fileURLToPath(import.meta.url)), '../pages/admin');
const screenPages = readdirSync(pages)
  .filter((f) => f.endsWith('.astro') && !['index.astro', 'login.astro'].includes(f))
  .map((f) => `/admin/${f.replace(/\.astro$/, '')}`);

describe('the console screens', () => {
  it('list every console page once, and no page that is not there', () => {
    expect(CONSOLE_SCREENS.map((s) => s.path).sort()).toEqual(screenPages.sort());
    expect(new Set(CONSOLE_SCREENS.map((s) => s.title)).size).toBe(CONSOLE_SCREENS.length);
  });

  it('are found by the page path, with or without a trailing slash', () => {
    expect(screenAt('/admin/notices')?.title).toBe('admin.nav.notices');
    expect(screenAt('/admin/notices/')?.title).toBe('admin.nav.notices');
    expect(screenAt('/admin')).toBeUndefined();
    expect(screenAt('/admin/login')).toBeUndefined();
  });

  it('offer each role the screens the server lets it use: staff and settings to the admin only', () => {
    expect(screensFor('admin')).toHaveLength(CONSOLE_SCREENS.length);
    for (const role of ['editor', 'support'] as const) {
      const paths = screensFor(role).map((s) => s.path);
      expect(paths).not.toContain('/admin/staff');
      expect(paths).not.toContain('/admin/settings');
      expect(paths).toContain('/admin/dashboard');
    }
  });

  it('group the menu by area in its order, every screen a role may open under one of them (issue 37)', () => {
    const admin = menuFor('admin');
    expect(admin.map((g) => g.area)).toEqual([...CONSOLE_AREAS]);
    expect(admin.flatMap((g) => g.screens)).toHaveLength(CONSOLE_SCREENS.length);
    const support = menuFor('support');
    expect(support.flatMap((g) => g.screens.map((s) => s.path)).sort()).toEqual(
      screensFor('support')
        .map((s) => s.path)
        .sort(),
    );
    expect(support.find((g) => g.area === 'service')?.screens.map((s) => s.path)).not.toContain(
      '/admin/staff',
    );
  });

  it('leave the role check to the list: no page names its call or writes its own refusal', () => {
    for (const path of screenPages) {
      const page = readFileSync(join(pages, `${path.replace('/admin/', '')}.astro`), 'utf8');
      expect(page, path).toMatch(/requireOperator\(Astro\)/);
      expect(page, path).not.toMatch(/admin\.roleRefused/);
      expect(page, path).toMatch(/allowed=\{guard\.allowed\}/);
    }
  });
});
