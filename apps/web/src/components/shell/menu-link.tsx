import { NavLink } from '@mantine/core';
import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './menu-link.module.css';

export interface MenuLinkProps<TRouter extends RegisteredRouter = RegisteredRouter, TOptions = unknown> {
  label: string;
  icon?: ReactNode;
  link: ValidateLinkOptions<TRouter, TOptions>;
  /** SPEC §2: the pet menu's pages open in a new window, so the pet stays open in this one. */
  newWindow?: boolean;
}

export function MenuLink<TRouter extends RegisteredRouter, TOptions>(
  props: MenuLinkProps<TRouter, TOptions>,
): ReactNode;
export function MenuLink({ label, icon, link, newWindow = false }: MenuLinkProps): ReactNode {
  return (
    <NavLink
      label={label}
      leftSection={icon}
      classNames={{ root: classes.link }}
      renderRoot={(rootProps) => (
        <Link
          {...link}
          {...rootProps}
          activeOptions={{ includeSearch: true }}
          {...(newWindow ? { target: '_blank', rel: 'noopener' } : {})}
        />
      )}
    />
  );
}

/** For links that leave the dashboard (SPEC §2 "Calls"): always a new window. */
export function ExternalMenuLink({
  label,
  icon,
  href,
  rightIcon,
}: {
  label: string;
  icon?: ReactNode;
  href: string;
  rightIcon?: ReactNode;
}) {
  return (
    <NavLink
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      label={label}
      leftSection={icon}
      rightSection={rightIcon}
      classNames={{ root: classes.link }}
    />
  );
}
