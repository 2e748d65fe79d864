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

  it("lets a new segment's waiting viewers wait a short, configurable time (nginx looks again every 500 ms)", () => {
    const segment = block('location @ottkit_segment {');
    expect(segment).toContain('proxy_cache_lock on;');
    expect(segment).toContain('proxy_cache_lock_timeout 10s;');
    const far = renderEdgeConfig({
      listen: '127.0.0.1:8080',
      upstreams: ['10.0.0.2:8081'],
      secret: 'a'.repeat(64),
      cacheDir: '/tmp/ottkit-edge-cache',
      segmentSec: 2,
      segmentLockWait: '400ms',
    });
    expect(far).toContain('proxy_cache_lock_timeout 400ms;');
    expect(() =>
      renderEdgeConfig({
        listen: '127.0.0.1:8080',
        upstreams: ['10.0.0.2:8081'],
        secret: 'a'.repeat(64),
        cacheDir: '/tmp/x',
        segmentSec: 2,
        segmentLockWait: '1s; include /etc/passwd',
      }),
    ).toThrow(/segment lock wait/);
  });
});
