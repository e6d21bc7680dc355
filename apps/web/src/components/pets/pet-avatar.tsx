import { Avatar, type AvatarProps } from '@mantine/core';
import { IconCat, IconDog } from '@tabler/icons-react';
import type { Species } from '@vetboard/contract';

/** The pet's photo, or its species drawn as an icon when there is none. */
export function PetAvatar({
  pet,
  size = 40,
  ...props
}: {
  pet: { name: string; species: Species; imageUrl: string | null };
  size?: number;
} & Omit<AvatarProps, 'src' | 'name' | 'size'>) {
  const Icon = pet.species === 'cat' ? IconCat : IconDog;
  return (
    <Avatar src={pet.imageUrl} alt={pet.name} size={size} radius="100%" color="clinic" {...props}>
      <Icon size={Math.round(size * 0.55)} stroke={1.6} aria-hidden />
    </Avatar>
  );
}
