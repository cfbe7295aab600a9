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

// Tight enough that the longest single word of a label fits the sidebar's 14 % at 1064 px.
const base: CSSProperties = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: 6,
  padding: '8px 8px',
  borderRadius: 6,
  textDecoration: 'none',
  fontSize: 14,
  lineHeight: '20px',
  transition: 'background-color 120ms, color 120ms',
};

/**
 * A navigation link: translated label (wrapping, never cut), optional icon, green on light
 * green when its route is active.
 */
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
        <span
          aria-hidden
          style={{ display: 'inline-flex', flex: 'none', fontSize: 14, height: 20, alignItems: 'center' }}
        >
          {icon}
        </span>
      ) : null}
      {/* A long label wraps; never cut: a word wider than the sidebar breaks rather than hides. */}
      <span data-testid="nav-label" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {t(labelKey)}
      </span>
    </NavLink>
  );
}
