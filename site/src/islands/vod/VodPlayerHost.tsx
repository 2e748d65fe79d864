import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect, useState } from 'react';
import type { Lang } from '../../i18n/index.ts';
import { $vodPlayRequest } from '../../stores/vodPlayRequest.ts';
import type { VodPlayerMountProps } from './VodPlayerMount.tsx';

export interface VodPlayerHostProps {
  lang: Lang;
  /** play_history_report_interval of the layout config, seconds. */
  reportIntervalSeconds: number;
}

/**
 * Waits for the first play request, then loads the player chunk (player, API client, progress job): a page
 * that is only browsed never downloads them.
 */
export default function VodPlayerHost(props: VodPlayerHostProps) {
  const request = useStore($vodPlayRequest);
  const [Mount, setMount] = useState<ComponentType<VodPlayerMountProps> | null>(null);
  useEffect(() => {
    if (!request || Mount) return;
    let alive = true;
    void import('./VodPlayerMount.tsx').then((m) => {
      if (alive) setMount(() => m.default);
    });
    return () => {
      alive = false;
    };
  }, [request, Mount]);
  if (!request || !Mount) return null;
  return <Mount {...props} request={request} />;
}
