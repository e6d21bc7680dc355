import { Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The title and one-line explanation at the top of every public-layout auth card. */
export function AuthCardHeading({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <Stack gap={4} ta="center">
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </Stack>
  );
}

/** The work e-mail field: `autoComplete="username"` lets password managers pair it with the password. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="username"
      placeholder="you@clinic.example"
      leftSection={<IconMail size={16} stroke={1.7} />}
      withAsterisk
      {...props}
    />
  );
}
