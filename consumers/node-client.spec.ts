import { expect, test } from '@playwright/test';
import { contract } from '../packages/api-client/src/index.ts';
import { type Consumer, createConsumer } from './consumer.ts';
import { tarball } from './pack.ts';
import { SERVER_ORIGIN } from './playwright.config.ts';

// Issue 15 §4 (c): the packed API client installed by npm into a bare Node project; its script calls the running
// reference server and prints the channel list, the same list the server answers.

let consumer: Consumer;
test.beforeAll(() => {
  consumer = createConsumer('node-client', { '@ottkit/api-client': tarball('api-client') });
});
test.afterAll(() => consumer?.remove());

test('a Node script with the installed client prints the running server’s channel list', async () => {
  const res = await fetch(`${SERVER_ORIGIN}${contract.live.channelList.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', client: 'web' },
    body: '{}',
  });
  const body = (await res.json()) as {
    errCode: number;
    data: { channelListInfo: { channelSeq: number; logicalChannelName: string }[] };
  };
  expect(body.errCode).toBe(0);
  const expected = body.data.channelListInfo.map((c) => `${c.channelSeq} ${c.logicalChannelName}`);
  expect(expected.length).toBeGreaterThan(0);

  const printed = consumer.node('list-channels.mjs', SERVER_ORIGIN).trimEnd().split('\n');
  expect(printed).toEqual(expected);
});

test('the installed client’s typed errors reach the script: an unreachable server is a network error', () => {
  let stderr = '';
  try {
    consumer.node(
      '-e',
      `import('@ottkit/api-client').then(async ({ createClient, NetworkError }) => {
      try { await createClient({ baseUrl: 'http://127.0.0.1:9' }).live.channelList({}); }
      catch (e) { console.error(e instanceof NetworkError ? 'NetworkError' : String(e)); process.exit(3); }
    })`,
    );
  } catch (e) {
    stderr = String((e as { stderr?: string }).stderr ?? '');
  }
  expect(stderr.trim()).toBe('NetworkError');
});
