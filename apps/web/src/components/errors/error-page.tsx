import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { NOT_FOUND_STATUS } from '../../lib/errors/route-error.ts';
import { Logo } from '../brand/logo.tsx';

/** SPEC §2 "Error page" / §8: the status and the message; a 404 links back home. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 48 }} w="100%" maw={520}>
        <Stack align="center" gap="md" ta="center" role="alert">
          <Logo />
          <Title
            order={1}
            fz={{ base: 56, sm: 72 }}
            fw={700}
            c="clinic.7"
            lh={1}
            mt="md"
            data-testid="error-status"
          >
            {status}
          </Title>
          <Text fz="lg" fw={500} data-testid="error-message">
            {message}
          </Text>
          {status === NOT_FOUND_STATUS ? (
            <Anchor fw={600} renderRoot={(props) => <Link to="/" {...props} />}>
              <IconArrowLeft size={16} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
              Back to the home page
            </Anchor>
          ) : (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={() => window.location.reload()}
            >
              Reload the page
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
