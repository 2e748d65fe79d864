// @vitest-environment jsdom
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConsoleLogin from '../admin/ConsoleLogin.tsx';
import LoginIsland from './LoginIsland.tsx';

// Issue 35: the login form submitted as GET before its island hydrated, putting the password in the URL. Forms
// that carry secrets are POST forms that cannot be submitted until hydrated, and what was typed before
// hydration is still there after it.
vi.mock('../../stores/loginFlow.ts', async (original) => ({
  ...(await original<typeof import('../../stores/loginFlow.ts')>()),
  resumeSession: vi.fn(async () => {}),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The server's HTML in the page, as a person sees it before the island's script has run. */
function serverRendered(island: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(island);
  document.body.append(container);
  const form = container.querySelector('form') as HTMLFormElement;
  const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  return { container, form, submit, field };
}

async function hydrate(container: HTMLElement, island: ReactElement) {
  await act(async () => {
    root = hydrateRoot(container, island);
  });
}

describe.each([
  ['the login page', () => <LoginIsland lang="en" visitorMode={false} />, 'address'],
  ['the console sign-in', () => <ConsoleLogin lang="en" />, 'email'],
])('%s', (_name, island, who) => {
  it('is a POST form that cannot be submitted before hydration', () => {
    const { form, submit } = serverRendered(island());
    expect(form.getAttribute('method')).toBe('post');
    expect(submit.disabled).toBe(true);
  });

  it('keeps what was typed before hydration, and can then be submitted', async () => {
    const page = serverRendered(island());
    page.field(who).value = 'demo@ottkit.test';
    page.field('password').value = 'typed-early-1';
    await hydrate(page.container, island());
    expect(page.field(who).value).toBe('demo@ottkit.test');
    expect(page.field('password').value).toBe('typed-early-1');
    expect(page.submit.disabled).toBe(false);
  });
});
