import type { CSSProperties, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { navColors } from '@canteiro/shared/core';

export interface NavItemProps {
  to: string;
  /** Translation key; `ns:key` picks another namespace. */
  labelKey: string;
  icon?: ReactNode;
  /** Match the path exactly (a module's start entry must not stay lit on its sub-pages). */
  end?: boolean;
}

const base: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '8px 12px',
  borderRadius: 6,
  textDecoration: 'none',
  fontSize: 14,
  lineHeight: '20px',
  transition: 'background-color 120ms, color 120ms',
};

/** A navigation link: translated label, optional icon, green on light green when its route is active. */
export function NavItem({ to, labelKey, icon, end }: NavItemProps) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => (isActive ? 'canteiro-nav-item active' : 'canteiro-nav-item')}
      style={({ isActive }) => ({
        ...base,
        color: isActive ? navColors.activeText : navColors.text,
        backgroundColor: isActive ? navColors.activeBackground : 'transparent',
        fontWeight: isActive ? 600 : 400,
      })}
    >
      {icon ? (
        <span aria-hidden style={{ display: 'inline-flex', fontSize: 16 }}>
          {icon}
        </span>
      ) : null}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{t(labelKey)}</span>
    </NavLink>
  );
}
