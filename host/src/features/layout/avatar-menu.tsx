import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from '@canteiro/shared/domain';
import { Avatar } from '../../components/avatar';

interface MenuAction {
  key: string;
  label: string;
  icon: ReactNode;
  run: () => void;
}

/**
 * The avatar and its menu (spec §2: opens and closes on click, closes on an outside click),
 * with the keyboard of a menu button: Enter, Space or ArrowDown open it on the first item,
 * the arrows (and Home/End) move, Escape closes it and gives the focus back to the avatar,
 * Tab closes it and moves on.
 */
export function AvatarMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  const actions: MenuAction[] = [
    { key: 'password', label: t('sidebar.changePassword'), icon: <KeyOutlined />, run: () => navigate('/password') },
  ];

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // The focus follows the active item while the menu is open.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  // The menu closes on a click anywhere outside it.
  useEffect(() => {
    if (!open) return;
    const onOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onOutside);
    return () => document.removeEventListener('mousedown', onOutside);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(actions.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} style={{ position: 'relative' }}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('sidebar.userMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="canteiro-avatar-button"
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
        style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', borderRadius: '50%', display: 'block' }}
      >
        <Avatar user={user} />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('sidebar.userMenu')}
          data-testid="avatar-menu"
          onKeyDown={onMenuKey}
          style={{
            position: 'absolute',
            bottom: 'calc(100% + 8px)',
            left: 0,
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 6px 24px #0002',
            padding: 4,
            minWidth: 180,
            zIndex: 10,
          }}
        >
          {actions.map((action, index) => (
            <button
              key={action.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className="canteiro-menu-item"
              onClick={() => {
                close(false);
                action.run();
              }}
            >
              <span aria-hidden style={{ display: 'inline-flex' }}>
                {action.icon}
              </span>
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
