import { contract } from '@ottkit/api-client/contract';
import { describe, expect, it } from 'vitest';
import { renderEdgeConfig } from './nginx.ts';

// Decision 0318: only the calls the contract marks read-only may be sent to a second process by the edge.
describe('the edge configuration', () => {
  const conf = renderEdgeConfig({
    listen: '127.0.0.1:8080',
    upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'],
    secret: 'a'.repeat(64),
    cacheDir: '/tmp/ottkit-edge-cache',
    segmentSec: 2,
  });
  const block = (head: string) => {
    const at = conf.indexOf(head);
    return at < 0 ? '' : conf.slice(at, conf.indexOf('\n    }', at));
  };
  const readOnly = block('location ~ ^(?:');

  it('retries read-only API calls on the next process, POSTs included', () => {
    expect(readOnly).toContain('non_idempotent');
    expect(readOnly).toContain(contract.live.epgChecksumQuery.path.replaceAll('.', '\\.'));
    expect(readOnly).toContain(contract.live.channelList.path);
  });

  it('never sends a call that writes to a second process', () => {
    expect(readOnly).not.toContain(contract.account.login.path);
    expect(conf.match(/non_idempotent/g)).toHaveLength(1);
    expect(block('location / {')).not.toContain('non_idempotent');
  });
});
