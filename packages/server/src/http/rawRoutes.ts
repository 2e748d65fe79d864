import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrCode } from '@ottkit/api-client';
import { drmLicense, openApiDocument } from '@ottkit/api-client/contract';
import { type RawRoute, rawRoute } from './api.ts';
import { buildOpenApi } from './openapi.ts';
import { API_HEADERS, sendError } from './respond.ts';
import { sendBody } from './send.ts';

/** The part of the live origin the licence call needs: it answers the paths it owns and says so. */
interface LicenceOrigin {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

/**
 * The contract's raw calls as routes: the OpenAPI document, and the ClearKey licence, which the live origin
 * answers (it holds the keys) and which, without an origin, does not exist.
 */
export function contractRawRoutes(origin?: LicenceOrigin): RawRoute[] {
  let openApiJson: string | undefined;
  return [
    rawRoute(openApiDocument, (req, res) => {
      openApiJson ??= JSON.stringify(buildOpenApi());
      sendBody(req.method, res, 200, { ...API_HEADERS, 'cache-control': 'public, max-age=300' }, openApiJson);
    }),
    rawRoute(
      drmLicense,
      async (req, res, url) => {
        if (origin && (await origin.handle(req, res, url))) return;
        sendError(res, 404, ErrCode.NOT_FOUND, `No API call at ${url.pathname}`);
      },
      { everyMethod: true },
    ),
  ];
}
