import { lazy } from 'react';

/**
 * The live area's players, loaded with the first play instead of in the page's first chunk (decision 0074):
 * the channel list and the guide hydrate without waiting for them. Render them inside <Suspense>.
 */
const player = () => import('@ottkit/player/react');

export const LivePlayer = lazy(() => player().then((m) => ({ default: m.LivePlayer })));
export const CatchupPlayerDialog = lazy(() => player().then((m) => ({ default: m.CatchupPlayerDialog })));
