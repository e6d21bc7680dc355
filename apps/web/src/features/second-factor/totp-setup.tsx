import { Button, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import type { TotpEnrolment } from '@vetboard/contract';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { HttpError } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { useConfirmTotpMutation, useStartTotpMutation } from './second-factor.mutations.ts';

function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? <Image src={src} alt="QR code for your authenticator app" w={200} h={200} /> : null;
}

/**
 * Setting up an authenticator app: a QR code (and the secret as text, for an app that cannot scan),
 * confirmed with a first code; then the recovery codes, once. `onDone` when the vet has saved them.
 */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const start = useStartTotpMutation();
  const confirm = useConfirmTotpMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  if (!enrolment)
    return (
      <Button
        loading={start.isPending}
        onClick={() => mutateThen(start, undefined, { onSuccess: setEnrolment, onError: notifyRequestError })}
      >
        Set up an authenticator app
      </Button>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError('Enter the 6-digit code');
    mutateThen(
      confirm,
      { code },
      {
        onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
        onError: (failure) => {
          if (failure instanceof HttpError && failure.status === 400)
            setError(failure.serverMessage ?? 'This code is not valid');
          else notifyRequestError(failure);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">Scan this QR code with your authenticator app, then enter the code it shows.</Text>
      <QrCode uri={enrolment.uri} />
      <Text size="sm" c="dimmed">
        Cannot scan? Enter this key in the app:
      </Text>
      <Code fz="md" data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
        {enrolment.secret}
      </Code>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            name="code"
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            withAsterisk
            error={error}
            onChange={() => setError(undefined)}
          />
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
