import { Center, Loader } from '@mantine/core';

export function PagePending() {
  return (
    <Center py={80} role="status" aria-busy="true" aria-label="Loading">
      <Loader size="md" type="dots" />
    </Center>
  );
}
