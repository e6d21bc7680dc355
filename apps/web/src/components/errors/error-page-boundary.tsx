import { Anchor, Center, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * SPEC §8 "Error page itself fails": the last line of defence, so it uses a plain link (a full page
 * load) rather than the router, which may be what broke.
 */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The error page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" ta="center" role="alert">
          <Text fz="lg" fw={600}>
            An error occurred while showing the error page
          </Text>
          <Anchor href="/" fw={600}>
            Go back to home
          </Anchor>
        </Stack>
      </Center>
    );
  }
}
