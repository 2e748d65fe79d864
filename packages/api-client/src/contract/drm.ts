import { defineCall } from './call.ts';
import { clearKeyLicenseSchema, clearKeyRequestSchema, DRM_LICENSE_PATH } from './playback.ts';

/**
 * The licence endpoint (spec §7 Other) as a raw call: EME and shaka-player post the W3C ClearKey request to the
 * `licenseUrl` that channelPlaySource hands out and read a JWK set back, not an envelope. The media token
 * travels in the query (`?token=`); the live origin answers it, as it holds the keys.
 */
export const drmLicense = defineCall({
  area: 'drm',
  method: 'POST',
  path: DRM_LICENSE_PATH,
  access: 'public',
  tokenIn: 'query',
  tag: 'raw',
  summary:
    'W3C ClearKey licence: the keys of the stream the media token opens, for the key ids asked (raw JSON, no envelope).',
  request: clearKeyRequestSchema,
  response: clearKeyLicenseSchema,
});

export const drmCalls = { drmLicense };
