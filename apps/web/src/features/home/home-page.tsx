import { Badge, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { fullName } from '@vetboard/contract';
import { lazy, Suspense, useState } from 'react';
import { VetAvatar } from '@/components/shell/vet-avatar.tsx';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { greetingFor } from './greeting.ts';

// The to-do list (its API call, the contract's schemas, the cards and reminders) is not in the home
// page's first download (the first-load budget): it loads right after.
const HomeTodo = lazy(() => import('./home-todo.tsx').then((module) => ({ default: module.HomeTodo })));

export function HomePage() {
  const { vet } = useAuthState();
  const [todoDrawn, setTodoDrawn] = useState(false);
  if (!vet) return null;
  const product = publicConfig.productName;

  return (
    <Stack gap="xl" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {greetingFor(new Date())}, {vet.firstName}
        </Title>
        <Text c="dimmed">Here is where your day with {product} starts.</Text>
      </Stack>

      <Grid gap="lg">
        {/* On a phone the to-do list comes first: the vet's own card is what they need least. Below it,
            the card waits for the list: shown under the list's placeholder, it was pushed 2,000 px down
            when the list came (a layout shift of 0.29, a quarter of Lighthouse's mobile score). */}
        <Grid.Col
          span={{ base: 12, lg: 4 }}
          order={{ base: 2, lg: 1 }}
          display={{ base: todoDrawn ? 'block' : 'none', lg: 'block' }}
        >
          <Paper withBorder p="lg" radius="lg" mb="md" data-testid="vet-card">
            <Stack align="center" gap="sm" ta="center">
              <VetAvatar vet={vet} size={88} />
              <div>
                <Text fw={700} fz="lg">
                  {fullName(vet)}
                </Text>
                <Badge variant="light" mt={6} tt="none" size="lg" radius="sm">
                  {vet.kindLabel}
                </Badge>
              </div>
              <Group gap={6} c="dimmed" wrap="nowrap" maw="100%">
                <IconMail size={16} stroke={1.7} style={{ flexShrink: 0 }} />
                <Text size="sm" truncate="end">
                  {vet.email}
                </Text>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 1, lg: 2 }}>
          <Suspense fallback={<Skeleton height={320} radius="md" />}>
            <HomeTodo onDrawn={() => setTodoDrawn(true)} />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
