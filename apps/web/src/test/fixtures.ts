import type { Vet } from '@vetboard/contract';

export const sampleVet: Vet = {
  uuid: '0190a6e4-7c1e-7b3a-9f00-000000000001',
  email: 'head.vet@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  imageUrl: null,
  kind: 'head',
  companySku: null,
  isRegularVet: false,
  isHeadVet: true,
  kindLabel: 'Head vet',
};
