import { Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { asksForRecentSecondFactor } from '@/lib/auth/second-factor-calls.ts';
import { SecondFactorCodeForm } from './second-factor-code-form.tsx';

/**
 * Sensitive actions (a vet's kind, disabling a vet, the team's second-factor setting, removing one's
 * own factor) are refused until the vet gave a second factor in the last minutes. `handled(error,
 * retry)` is true when that is why an action failed: it asks for a code, then runs `retry` once.
 */
export function useStepUp(): { handled: (error: unknown, retry: () => void) => boolean; dialog: ReactNode } {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const handled = (error: unknown, again: () => void) => {
    if (!asksForRecentSecondFactor(error)) return false;
    setRetry(() => again);
    return true;
  };
  const dialog = (
    <Modal opened={retry !== null} onClose={() => setRetry(null)} title="Confirm it is you" centered>
      <Text size="sm" mb="md">
        This change needs your second factor again.
      </Text>
      <SecondFactorCodeForm
        submitLabel="Confirm"
        onVerified={() => {
          const again = retry;
          setRetry(null);
          again?.();
        }}
      />
    </Modal>
  );
  return { handled, dialog };
}
