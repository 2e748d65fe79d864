import type { Notification } from '@ottkit/api-client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { $session } from './session.ts';

/** Unread notifications of the message centre; 0 for guests and viewers without a session. */
export const $unreadCount = atom(0);
/** The notification list of /my/notifications, newest first; null until loaded. */
export const $notifications = atom<Notification[] | null>(null);

/** The message check (spec §7, §9): unread count for a logged-in user. */
export async function checkMessages(): Promise<void> {
  if ($session.get().user?.loginStatus !== 'user') {
    $unreadCount.set(0);
    return;
  }
  const { unreadCount } = await browserApi.message.unreadCount({});
  $unreadCount.set(unreadCount);
}

export async function loadNotifications(): Promise<void> {
  const page = await browserApi.message.notificationQuery({ pageId: 1, pageSize: 50 });
  $notifications.set(page.msgList);
}

/** State update (spec §7 msgId, state), then the list and the count follow. */
export async function setNotificationState(msgId: string, state: 'read' | 'deleted'): Promise<void> {
  await browserApi.message.notificationStateUpdate({ msgId, state });
  const list = $notifications.get() ?? [];
  $notifications.set(
    state === 'deleted'
      ? list.filter((m) => m.msgId !== msgId)
      : list.map((m) => (m.msgId === msgId ? { ...m, state: 'read' } : m)),
  );
  await checkMessages().catch(() => {});
}
