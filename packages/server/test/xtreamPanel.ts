import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../src/media/ffmpeg.ts';

// An Xtream Codes panel on loopback with one film and one series (issue 42, decision 0435), for the library's
// test and journey: player_api.php answers only the account's user and password, the film is an MP4 (transcoded
// by ottkit from the panel) and the episode HLS (played from the panel through the origin); the film and the
// series have a poster, and the series a backdrop whose address answers 404.

/** The panel's account: its password is the secret ottkit must never show. */
export const PANEL_ACCOUNT = { user: 'viewer1', password: 's3cret-pw' } as const;

/** What the panel holds; `suffix` makes the names unique where a data folder outlives one test. */
export const panelTitles = (suffix = '') => ({
  film: `The Quiet Pier${suffix}`,
  actor: `Rosa Alcántara${suffix}`,
  series: `Night Ferry${suffix}`,
  episode: 'Departure',
});

export interface XtreamPanel {
  /** The panel's address, as a line-up source names it. */
  base: string;
  close(): Promise<void>;
}

export async function startXtreamPanel(suffix = ''): Promise<XtreamPanel> {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-panel-'));
  const names = panelTitles(suffix);
  const ffmpeg = (args: string[]) =>
    execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p'];
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=300'],
    ...['-t', '3', ...h264, '-c:a', 'aac', '-movflags', '+faststart', join(dir, 'film.mp4')],
  ]);
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '4', ...h264, '-c:a', 'aac', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', join(dir, 'seg%d.ts'), join(dir, 'episode.m3u8')],
  ]);
  // A poster (2:3) for the film and the series; the series' backdrop is missing (a panel's broken link).
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=teal:s=200x300', '-frames:v', '1', join(dir, 'poster.png')]);
  const { user, password } = PANEL_ACCOUNT;
  const api: Record<string, unknown> = {
    get_vod_categories: [{ category_id: '1', category_name: 'Cinema' }],
    get_vod_streams: [
      {
        stream_id: 101,
        name: names.film,
        category_id: '1',
        container_extension: 'mp4',
        stream_icon: '{base}/images/101.png',
      },
    ],
    'get_vod_info&vod_id=101': {
      info: {
        plot: 'A pier at dawn.',
        cast: `${names.actor}, Ivo Brandt`,
        director: 'Mara Lind',
        genre: 'Drama',
        releasedate: '2018-05-01',
        duration_secs: 3,
      },
    },
    get_series_categories: [{ category_id: '5', category_name: 'Shows' }],
    get_series: [
      {
        series_id: 7,
        name: names.series,
        cast: 'Ana Sol',
        genre: 'Mystery',
        category_id: '5',
        cover: '{base}/images/7.png',
        backdrop_path: ['{base}/images/gone.jpg'],
      },
    ],
    'get_series_info&series_id=7': {
      episodes: {
        '1': [
          {
            id: '701',
            episode_num: 1,
            title: names.episode,
            season: 1,
            container_extension: 'm3u8',
            info: { plot: 'The last boat leaves.', duration_secs: 4 },
          },
        ],
      },
    },
  };
  const files: Record<string, string> = {
    [`/movie/${user}/${password}/101.mp4`]: 'film.mp4',
    [`/series/${user}/${password}/701.m3u8`]: 'episode.m3u8',
    [`/series/${user}/${password}/seg0.ts`]: 'seg0.ts',
    [`/series/${user}/${password}/seg1.ts`]: 'seg1.ts',
    '/images/101.png': 'poster.png',
    '/images/7.png': 'poster.png',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://panel');
    if (url.pathname === '/player_api.php') {
      const p = url.searchParams;
      const ok = p.get('username') === user && p.get('password') === password;
      const action = [...p]
        .filter(([k]) => k !== 'username' && k !== 'password')
        .map(([k, v]) => (k === 'action' ? v : `${k}=${v}`))
        .join('&');
      const body = ok ? (api[action] ?? []) : { user_info: { auth: 0 } };
      // Pictures are named by the panel's own address.
      const text = JSON.stringify(body).replaceAll('{base}', base);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    }
    const name = files[url.pathname];
    if (!name) return void res.writeHead(404).end();
    res.writeHead(200).end(readFileSync(join(dir, name)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: async () => {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
