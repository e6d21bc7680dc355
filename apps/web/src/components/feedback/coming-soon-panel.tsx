import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/**
 * Stands in for pages whose feature comes in a later issue, so every route of SPEC §2 exists now and
 * the guard, layouts and 404 can be exercised on it.
 */
export function ComingSoonPanel({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Paper withBorder p={{ base: 'lg', sm: 48 }} radius="lg" data-testid="coming-soon">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={28} stroke={1.6} />
          </ThemeIcon>
          <Badge variant="light" size="lg" radius="sm">
            Coming soon
          </Badge>
          <Text fw={600} fz="lg">
            This page is coming soon.
          </Text>
          <Text c="dimmed" maw={460}>
            {description ?? 'It is part of the dashboard, but its content arrives in a later release.'}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
