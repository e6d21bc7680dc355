import { Avatar, type AvatarProps } from '@mantine/core';
import { fullName, type Vet } from '@vetboard/contract';

/** SPEC §2: the vet's picture, or initials when there is none. */
export function VetAvatar({ vet, ...props }: { vet: Vet } & Omit<AvatarProps, 'src' | 'name'>) {
  const name = fullName(vet);
  return <Avatar src={vet.imageUrl} name={name} alt={name} color="initials" radius="100%" {...props} />;
}
