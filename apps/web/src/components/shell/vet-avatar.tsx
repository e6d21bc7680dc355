import { Avatar, type AvatarProps } from '@mantine/core';
import { fullName, type Vet } from '@vetboard/contract';

/** The letters the avatar shows when the vet has no picture. */
export function vetInitials(vet: Pick<Vet, 'firstName' | 'lastName'>): string {
  return `${vet.firstName.charAt(0)}${vet.lastName.charAt(0)}`.toUpperCase();
}

/** SPEC §2: the vet's picture, or initials when there is none. */
export function VetAvatar({ vet, ...props }: { vet: Vet } & Omit<AvatarProps, 'src' | 'name'>) {
  const name = fullName(vet);
  return (
    <Avatar src={vet.imageUrl} name={name} alt={name} color="initials" radius="100%" {...props}>
      {vet.imageUrl ? undefined : vetInitials(vet)}
    </Avatar>
  );
}
