import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  DOSE_FREQUENCY_LABELS,
  type DoseFrequency,
  doseFrequencies,
  PRESCRIPTION_TEXT_MAX,
  type Prescription,
  type PrescriptionChange,
  type PrescriptionWarningCode,
  prescriptionChangeSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { formErrors } from '@/lib/forms/contract-form.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { useChangePrescription } from './medications.mutations.ts';
import { warningsOf } from './prescription-warnings.ts';
import { PrescriptionWarningsConfirm } from './prescription-warnings-confirm.tsx';

const FREQUENCIES = doseFrequencies.map((value) => ({ value, label: DOSE_FREQUENCY_LABELS[value] }));

/**
 * A new dose (mg/kg) or frequency, with why: the API makes a new version from today, dosed from the
 * latest weight, and keeps this one as changed. Its warnings come back here to confirm, as at prescribing.
 */
export function PrescriptionChangeModal({
  prescription,
  onClose,
}: {
  prescription: Prescription;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const change = useChangePrescription(prescription.petUuid);
  const [dose, setDose] = useState<number | string>(prescription.doseMgPerKg);
  const [frequency, setFrequency] = useState<DoseFrequency>(prescription.frequency);
  const [reason, setReason] = useState('');
  const [confirmationReason, setConfirmationReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [warnings, setWarnings] = useState<Array<{ code: PrescriptionWarningCode; message: string }>>([]);
  const [confirmed, setConfirmed] = useState<PrescriptionWarningCode[]>([]);
  const doseNumber = typeof dose === 'number' ? dose : Number.parseFloat(dose);
  const body: PrescriptionChange = {
    ...(doseNumber !== prescription.doseMgPerKg && {
      doseMgPerKg: Number.isNaN(doseNumber) ? 0 : doseNumber,
    }),
    ...(frequency !== prescription.frequency && { frequency }),
    reason,
    confirmedWarnings: confirmed,
    ...(confirmed.length > 0 && { confirmationReason }),
  };
  const submit = () => {
    const found = formErrors(prescriptionChangeSchema, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutateThen(
      change,
      { uuid: prescription.uuid, body },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'clinic',
            message: `Changed: ${prescription.drug.name}, now ${answer.prescription.amountText}`,
          });
          onClose();
        },
        onError: (error) => {
          const raised = warningsOf(error);
          if (raised && raised.length > 0) {
            setWarnings(raised);
            return;
          }
          notifyRequestError(error);
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Change ${prescription.drug.name}`}
      centered
      fullScreen={phone}
      size="lg"
    >
      <Editor
        name="prescription-change"
        what="the change"
        dirty={() =>
          !change.isPending &&
          (reason.trim() !== '' ||
            doseNumber !== prescription.doseMgPerKg ||
            frequency !== prescription.frequency)
        }
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Now {prescription.amountText}, {DOSE_FREQUENCY_LABELS[prescription.frequency].toLowerCase()} (
              {prescription.doseMgPerKg} mg/kg). The new version starts today, dosed from the latest weight;
              this one is kept in the history.
            </Text>
            <Group grow align="flex-start">
              <NumberInput
                label="Dose (mg/kg)"
                min={0}
                decimalScale={3}
                value={dose}
                onChange={(value) => {
                  setDose(value);
                  setErrors({});
                  setWarnings([]);
                }}
                error={errors.doseMgPerKg}
                data-autofocus
              />
              <Select
                label="Frequency"
                data={FREQUENCIES}
                value={frequency}
                allowDeselect={false}
                onChange={(value) => {
                  if (value) setFrequency(value as DoseFrequency);
                  setErrors({});
                  setWarnings([]);
                }}
              />
            </Group>
            <Textarea
              label="Why it is changed"
              withAsterisk
              autosize
              minRows={2}
              maxLength={PRESCRIPTION_TEXT_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setErrors({});
              }}
              error={errors.reason}
            />
            <PrescriptionWarningsConfirm
              warnings={warnings}
              confirmed={confirmed}
              setConfirmed={setConfirmed}
              title="Check before changing"
              confirmLabel="change anyway"
              reasonLabel="Why you change it despite the warnings"
              reasonProps={{
                value: confirmationReason,
                onChange: (event) => setConfirmationReason(event.currentTarget.value),
                error: errors.confirmationReason,
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Save the change
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}
