import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { vetKindNeedsCompany } from '@vetboard/contract';
import { type VetProfileValues, vetKindOptions } from './vet-form.ts';

/**
 * Names, kind and company: the part of a vet both the create and the profile forms edit. The inputs
 * carry `name` attributes (`firstName`, `lastName`) so browsers and tests can find them.
 */
export function VetProfileFields<V extends VetProfileValues>({ form }: { form: UseFormReturnType<V> }) {
  const kind = form.getValues().kind;
  // Typed as the shared fields: the form may hold more (the e-mail) but these paths are always there.
  const field = form.getInputProps as (path: keyof VetProfileValues) => ReturnType<typeof form.getInputProps>;
  return (
    <>
      <TextInput
        label="First name"
        name="firstName"
        autoComplete="off"
        withAsterisk
        key={form.key('firstName')}
        {...field('firstName')}
      />
      <TextInput
        label="Last name"
        name="lastName"
        autoComplete="off"
        withAsterisk
        key={form.key('lastName')}
        {...field('lastName')}
      />
      <Select
        label="Kind"
        name="kind"
        data={vetKindOptions}
        allowDeselect={false}
        withAsterisk
        key={form.key('kind')}
        {...field('kind')}
      />
      {kind !== '' && vetKindNeedsCompany(kind) && (
        <TextInput
          label="Company"
          name="companySku"
          description="The company's code, as in its B2B page address (e.g. PAWSURE)"
          autoComplete="off"
          withAsterisk
          styles={{ input: { textTransform: 'uppercase' } }}
          key={form.key('companySku')}
          {...field('companySku')}
        />
      )}
    </>
  );
}
