import { Box, Select, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { vetKindNeedsCompany } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { type VetProfileValues, vetKindOptions } from './vet-form.ts';

/** A control the vet may not use, with the reason on hover (a disabled input fires no events itself). */
function Withheld({ reason, children }: { reason: string | null | undefined; children: ReactNode }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} position="top-start">
      <Box>{children}</Box>
    </Tooltip>
  );
}

/**
 * Names, kind and company: the part of a vet both the create and the profile forms edit. The inputs
 * carry `name` attributes (`firstName`, `lastName`) so browsers and tests can find them. `namesLocked`
 * and `accessLocked` are the reasons the logged-in vet may not change the names or the kind and company
 * (vetRights), which disable those inputs.
 */
export function VetProfileFields<V extends VetProfileValues>({
  form,
  namesLocked,
  accessLocked,
}: {
  form: UseFormReturnType<V>;
  namesLocked?: string | null;
  accessLocked?: string | null;
}) {
  const kind = form.getValues().kind;
  // Typed as the shared fields: the form may hold more (the e-mail) but these paths are always there.
  const field = form.getInputProps as (path: keyof VetProfileValues) => ReturnType<typeof form.getInputProps>;
  return (
    <>
      <Withheld reason={namesLocked}>
        <TextInput
          label="First name"
          name="firstName"
          autoComplete="off"
          withAsterisk
          disabled={Boolean(namesLocked)}
          key={form.key('firstName')}
          {...field('firstName')}
        />
      </Withheld>
      <Withheld reason={namesLocked}>
        <TextInput
          label="Last name"
          name="lastName"
          autoComplete="off"
          withAsterisk
          disabled={Boolean(namesLocked)}
          key={form.key('lastName')}
          {...field('lastName')}
        />
      </Withheld>
      <Withheld reason={accessLocked}>
        <Select
          label="Kind"
          name="kind"
          data={vetKindOptions}
          allowDeselect={false}
          withAsterisk
          disabled={Boolean(accessLocked)}
          key={form.key('kind')}
          {...field('kind')}
        />
      </Withheld>
      {kind !== '' && vetKindNeedsCompany(kind) && (
        <Withheld reason={accessLocked}>
          <TextInput
            label="Company"
            name="companySku"
            description="The company's code, as in its B2B page address (e.g. PAWSURE)"
            autoComplete="off"
            withAsterisk
            disabled={Boolean(accessLocked)}
            styles={{ input: { textTransform: 'uppercase' } }}
            key={form.key('companySku')}
            {...field('companySku')}
          />
        </Withheld>
      )}
    </>
  );
}
