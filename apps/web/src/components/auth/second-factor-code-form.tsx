import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { SecondFactorVerify } from '@vetboard/contract';
import { type FormEvent, useState } from 'react';
import { HttpError } from '@/lib/api/api-errors.ts';
import { verifySecondFactor } from '@/lib/auth/second-factor-calls.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';

/**
 * A code from the vet's authenticator app, or one of their recovery codes: the login's second step and
 * the confirmation a sensitive action asks for. `onVerified` runs once the server took the code.
 */
export function SecondFactorCodeForm({
  onVerified,
  submitLabel = 'Verify',
}: {
  onVerified: () => void;
  submitLabel?: string;
}) {
  const [method, setMethod] = useState<SecondFactorVerify['method']>('totp');
  const [error, setError] = useState<string | undefined>();
  const verify = useMutation({ mutationFn: verifySecondFactor, meta: { handlesErrors: true } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError(method === 'totp' ? 'Enter the 6-digit code' : 'Enter a recovery code');
    mutateThen(
      verify,
      { method, code },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          const field =
            failure instanceof HttpError ? failure.details?.find((d) => d.path === 'code') : undefined;
          if (failure instanceof HttpError && failure.status === 400)
            setError(field?.message ?? failure.serverMessage ?? 'This code is not valid');
          else notifyRequestError(failure);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          key={method}
          name="code"
          label={method === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}
          autoComplete="one-time-code"
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          data-autofocus
          withAsterisk
          error={error}
          onChange={() => setError(undefined)}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          {submitLabel}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setError(undefined);
            setMethod(method === 'totp' ? 'recovery' : 'totp');
          }}
        >
          {method === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </Anchor>
      </Stack>
    </form>
  );
}
