// Run before each test file of the React projects (vitest.config.ts). Their files share a worker and so its jsdom
// (`isolate: false`): a file that wrote into the page and left it (channelKeys.test.ts left a dialog) made the next
// file find two dialogs. Each file starts with an empty page, as it would in a fresh worker.
import { beforeAll } from 'vitest';

beforeAll(() => {
  if (typeof document === 'undefined') return;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
});
