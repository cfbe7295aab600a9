import { create } from 'zustand';
import { MAX_NOTIFICATIONS, NOTIFICATION_DURATION_MS } from '@canteiro/shared/domain';

/** One queue of toasts for the whole page: at most 5 at once, no duplicates, 5000 ms each. */
export type NotificationKind = 'success' | 'error' | 'info' | 'warning';
export interface Notification {
  id: number;
  kind: NotificationKind;
  message: string;
}

interface NotificationState {
  items: Notification[];
  notify: (kind: NotificationKind, message: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useNotifications = create<NotificationState>((set, get) => ({
  items: [],
  notify: (kind, message) => {
    const { items, dismiss } = get();
    if (items.some((item) => item.kind === kind && item.message === message)) return;
    const item = { id: nextId++, kind, message };
    const kept = [...items, item];
    // The oldest ones make room, so the newest message is always seen.
    const dropped = kept.slice(0, Math.max(0, kept.length - MAX_NOTIFICATIONS));
    dropped.forEach((old) => clearTimeout(timers.get(old.id)));
    set({ items: kept.slice(-MAX_NOTIFICATIONS) });
    timers.set(
      item.id,
      setTimeout(() => dismiss(item.id), NOTIFICATION_DURATION_MS),
    );
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set({ items: get().items.filter((item) => item.id !== id) });
  },
}));

/** Shorthand for code outside React. */
export const notify = {
  success: (message: string) => useNotifications.getState().notify('success', message),
  error: (message: string) => useNotifications.getState().notify('error', message),
  info: (message: string) => useNotifications.getState().notify('info', message),
  warning: (message: string) => useNotifications.getState().notify('warning', message),
};
