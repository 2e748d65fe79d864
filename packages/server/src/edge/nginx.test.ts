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
    expect(segment).toContain('proxy_cache_lock_timeout 100ms;');
    // Past the wait they ask the shield, whose own lock keeps ottkit to one request per segment (decision 0345).
    expect(segment).toContain('proxy_pass http://ottkit_shield;');
    const shield = block('location /media/ {');
    expect(shield).toContain('proxy_cache ottkit_shield;');
    expect(shield).toContain('proxy_cache_lock_timeout 10s;');
    expect(shield).toContain('proxy_pass http://ottkit;');
    expect(conf).toContain('listen unix:/tmp/ottkit-edge-cache/shield.sock');
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

  it('reads the ended-sessions list from a file and renews it at most once a second, never per request', () => {
    // The gate reads the file the renewal stores, in a variable: no handler or subrequest per request (0352).
    expect(conf).toContain('set $ottkit_revoked_file "/tmp/ottkit-edge-cache/revoked.txt";');
    for (const media of [
      'location ~ ^/media/(live|dvr|catchup|vod)/.+\\.m3u8$ {',
      'location ~ ^/media/(live|dvr|catchup|vod)/ {',
    ]) {
      const gate = block(media);
      expect(gate).toContain('set $ottkit_gate $ottkit_media_gate;');
      expect(gate).toContain('if ($ottkit_gate = 0) { return 403');
      expect(gate).not.toContain('js_content');
      expect(gate).not.toContain('proxy_pass');
    }
    expect(block('location @ottkit_renew {')).toContain('js_content ottkit.renew;');
    const renew = block('location = /_ottkit/revoked-renew {\n        internal;');
    expect(renew).toContain('limit_req zone=ottkit_revoked;');
    expect(renew).toContain('proxy_pass http://ottkit_shield;');
    const store = block('location = /_ottkit/revoked-renew {\n        proxy_store');
    expect(store).toContain('proxy_store /tmp/ottkit-edge-cache/revoked.txt;');
    expect(conf).toMatch(/limit_req_zone \$ottkit_revoked_renewal zone=ottkit_revoked:\w+ rate=1r\/s;/);
  });
});
