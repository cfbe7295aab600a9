import { Alert } from 'antd';
import { useNotifications } from '@canteiro/shared/core';

/**
 * Renders the page's single notification queue (shared by the host and every module) in the
 * bottom-right corner: the header, the sidebar and the list toolbars (where the main actions
 * are) all sit at the top or the left, so a notification never hides them.
 */
export function NotificationStack() {
  const items = useNotifications((state) => state.items);
  const dismiss = useNotifications((state) => state.dismiss);
  return (
    <div
      aria-live="polite"
      data-testid="notifications"
      style={{
        position: 'fixed',
        bottom: 16,
        right: 16,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        width: 360,
      }}
    >
      {items.map((item) => (
        <Alert
          key={item.id}
          className="canteiro-toast"
          type={item.kind}
          title={item.message}
          showIcon
          closable={{ onClose: () => dismiss(item.id) }}
          style={{ boxShadow: '0 6px 20px #0000001f' }}
        />
      ))}
    </div>
  );
}
