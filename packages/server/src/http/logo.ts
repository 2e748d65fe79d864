import type { ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { sendDrawnSvg } from './send.ts';

const LOGO_PATH = /^\/media\/logo\/([A-Za-z0-9_-]{1,64})\.svg$/;

const PALETTE = [
  '#e63946',
  '#2a9d8f',
  '#e9c46a',
  '#f4a261',
  '#457b9d',
  '#8338ec',
  '#3a86ff',
  '#ff006e',
  '#06a77d',
];

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Initials of the channel name, at most 3 letters: "World Sports" → "WS". */
function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** A channel logo drawn from its number, initials and a colour picked from its id: no external images. */
export function logoSvg(logicalChannelId: string, channelSeq: number, name: string): string {
  const digest = createHash('sha256').update(logicalChannelId).digest();
  const colour = PALETTE[(digest[0] ?? 0) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 160 90" role="img" aria-label="${escapeXml(name)}">
<rect width="160" height="90" rx="12" fill="${colour}"/>
<text x="80" y="50" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#fff">${escapeXml(initials(name))}</text>
<text x="80" y="78" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" fill="#fff" opacity="0.85">${channelSeq}</text>
</svg>
`;
}

/** Serves `/media/logo/<logicalChannelId>.svg`; returns false for any other path. */
export function handleLogo(db: Db, pathname: string, method: string, res: ServerResponse): boolean {
  const m = LOGO_PATH.exec(pathname);
  if (!m) return false;
  const id = m[1] as string;
  const row = db.get<{ channel_seq: number; logical_channel_name: string }>(
    'SELECT channel_seq, logical_channel_name FROM channels WHERE logical_channel_id = ?',
    id,
  );
  const svg = row && logoSvg(id, row.channel_seq, row.logical_channel_name);
  sendDrawnSvg(method, res, svg, 3600, 'channel logo');
  return true;
}
