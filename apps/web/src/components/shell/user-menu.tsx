import { Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconApi,
  IconChevronDown,
  IconListCheck,
  IconLogout,
  IconPlugConnected,
  IconShieldLock,
  IconUserEdit,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { canManageIntegrations, canSeeJobs, fullName, type Vet } from '@vetboard/contract';
import { useLogout } from '../../lib/auth/use-logout.ts';
import classes from './user-menu.module.css';
import { VetAvatar, vetInitials } from './vet-avatar.tsx';

/**
 * SPEC §2 "Header": avatar, full name, kind label, and the 'Edit Profile' / 'Log out' dropdown; a head
 * vet also finds 'Jobs' and 'Integrations' there, and every vet 'Account security' (issue #47: second
 * factors); the side menu stays as SPEC §2 has it.
 */
export function UserMenu({ vet }: { vet: Vet }) {
  const logout = useLogout();
  const name = fullName(vet);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          // The name starts with what the button shows (initials without a picture, name, kind), so
          // speech input ("click Helena Marsh") finds it (WCAG 2.5.3).
          aria-label={`${vet.imageUrl ? '' : `${vetInitials(vet)} `}${name}, ${vet.kindLabel}: account menu`}
          data-testid="user-menu"
        >
          <Group gap="sm" wrap="nowrap">
            <VetAvatar vet={vet} size={38} />{' '}
            <Box visibleFrom="sm" miw={0}>
              {/* The spaces keep the button's text "HM Helena Marsh Head vet", not "HMHelena MarshHead vet". */}
              <Text size="sm" fw={600} lh={1.25} truncate="end" data-testid="header-vet-name">
                {name}
              </Text>{' '}
              <Text size="xs" c="dimmed" lh={1.25} data-testid="header-vet-kind">
                {vet.kindLabel}
              </Text>
            </Box>
            <IconChevronDown size={16} stroke={1.8} className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* On a phone the header shows only the avatar, so the dropdown says who is logged in. */}
        <Box hiddenFrom="sm" px="sm" pt="xs">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {vet.kindLabel}
          </Text>
        </Box>
        <Menu.Label>{vet.email}</Menu.Label>
        <Menu.Item
          leftSection={<IconUserEdit size={16} stroke={1.7} />}
          renderRoot={(props) => <Link to="/vets/$uuid" params={{ uuid: vet.uuid }} {...props} />}
        >
          Edit Profile
        </Menu.Item>
        <Menu.Item
          leftSection={<IconShieldLock size={16} stroke={1.7} />}
          renderRoot={(props) => <Link to="/account/security" {...props} />}
        >
          Account security
        </Menu.Item>
        {canSeeJobs(vet) && (
          <Menu.Item
            leftSection={<IconListCheck size={16} stroke={1.7} />}
            renderRoot={(props) => <Link to="/jobs" {...props} />}
          >
            Jobs
          </Menu.Item>
        )}
        {canManageIntegrations(vet) && (
          <Menu.Item
            leftSection={<IconPlugConnected size={16} stroke={1.7} />}
            renderRoot={(props) => <Link to="/integrations" {...props} />}
          >
            Integrations
          </Menu.Item>
        )}
        {/* The server's own page (Swagger UI), outside the dashboard: a new window. */}
        <Menu.Item
          component="a"
          href="/docs"
          target="_blank"
          rel="noopener"
          leftSection={<IconApi size={16} stroke={1.7} />}
        >
          API reference<VisuallyHidden> (opens in a new window)</VisuallyHidden>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.7} />}
          onClick={() => void logout()}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
