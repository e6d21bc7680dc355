import { NavLink, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
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

/** WCAG 3.2.5: a link that opens a new window says so, to the eye (the icon) and to a screen reader. */
function NewWindowLabel({ label }: { label: string }) {
  return (
    <>
      {label}
      <VisuallyHidden> (opens in a new window)</VisuallyHidden>
    </>
  );
}

const newWindowIcon = <IconExternalLink size={14} stroke={1.7} aria-hidden />;

export function MenuLink<TRouter extends RegisteredRouter, TOptions>(
  props: MenuLinkProps<TRouter, TOptions>,
): ReactNode;
export function MenuLink({ label, icon, link, newWindow = false }: MenuLinkProps): ReactNode {
  return (
    <NavLink
      label={newWindow ? <NewWindowLabel label={label} /> : label}
      leftSection={icon}
      rightSection={newWindow ? newWindowIcon : undefined}
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
export function ExternalMenuLink({ label, icon, href }: { label: string; icon?: ReactNode; href: string }) {
  return (
    <NavLink
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      label={<NewWindowLabel label={label} />}
      leftSection={icon}
      rightSection={newWindowIcon}
      classNames={{ root: classes.link }}
    />
  );
}
