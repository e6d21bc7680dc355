import { Alert, Checkbox, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { PRESCRIPTION_TEXT_MAX, type PrescriptionWarningCode } from '@vetboard/contract';
import type { Dispatch, SetStateAction } from 'react';

/**
 * The API's warnings on a prescription or a dose change (a 409), each confirmed by a tick, and the reason
 * they are overridden: the same check for both, worded for what the vet is doing ("prescribe", "change").
 */
export function PrescriptionWarningsConfirm({
  warnings,
  confirmed,
  setConfirmed,
  title,
  confirmLabel,
  reasonLabel,
  reasonProps,
}: {
  warnings: ReadonlyArray<{ code: PrescriptionWarningCode; message: string }>;
  confirmed: readonly PrescriptionWarningCode[];
  setConfirmed: Dispatch<SetStateAction<PrescriptionWarningCode[]>>;
  title: string;
  /** Ends each warning's tick: "prescribe anyway". */
  confirmLabel: string;
  reasonLabel: string;
  /** The reason field's value, change handler and error, from the form that holds it. */
  reasonProps: Pick<TextareaProps, 'value' | 'onChange' | 'onFocus' | 'onBlur' | 'error'>;
}) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={title} data-testid="prescription-warnings">
      <Stack gap="xs">
        {warnings.map((warning) => (
          <Checkbox
            key={warning.code}
            label={`${warning.message}: ${confirmLabel}`}
            checked={confirmed.includes(warning.code)}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setConfirmed((current) =>
                checked ? [...current, warning.code] : current.filter((code) => code !== warning.code),
              );
            }}
          />
        ))}
        <Textarea
          label={reasonLabel}
          withAsterisk
          autosize
          minRows={1}
          maxLength={PRESCRIPTION_TEXT_MAX}
          {...reasonProps}
        />
      </Stack>
    </Alert>
  );
}
