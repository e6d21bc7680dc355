import {
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MEDICAL_RECORD_MAX_BYTES, type MedicalRecord } from '@vetboard/contract';
import { type DragEvent, useId, useRef, useState } from 'react';
import { searchQueryOptions } from '@/components/search/search.queries.ts';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { uploadMedicalRecord } from './medical-records.mutations.ts';
import { fileSizeLabel } from './record-cells.tsx';
import { ACCEPT, refusalOf } from './upload-checks.ts';
import { useRecordUploaded } from './use-record-uploaded.ts';

interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** 0 to 1 while sending. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  record?: MedicalRecord;
}

/** Pick the pet by name: the search's pet hits, with their owner. */
function PetPicker({ value, onChange }: { value: string | null; onChange: (uuid: string | null) => void }) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const results = useQuery({ ...searchQueryOptions(q), enabled: q.length > 0 });
  const pets = (results.data?.results ?? []).filter((result) => result.type === 'pet');
  const data = pets.map((pet) => ({ value: pet.uuid, label: `${pet.title} · ${pet.subtitle}` }));
  if (value && chosenLabel && !data.some((option) => option.value === value))
    data.unshift({ value, label: chosenLabel });
  return (
    <Select
      label="Pet"
      placeholder="Type the pet’s or owner’s name"
      searchable
      required
      data={data}
      value={value}
      onChange={(uuid, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(uuid);
      }}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options }) => options}
      nothingFoundMessage={q ? (results.isFetching ? 'Searching…' : 'No pet found') : 'Type a name'}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid="upload-pet"
    />
  );
}

/**
 * Upload documents for a pet: drop files on the zone or choose them with the button (the keyboard
 * way); each file is sent on its own with its progress bar, and a refusal (here or the API's) is shown
 * beside it. Without `petUuid` the vet picks the pet first.
 */
export function RecordUploader({ petUuid, petName }: { petUuid?: string; petName?: string }) {
  const [chosenPet, setChosenPet] = useState<string | null>(null);
  const pet = petUuid ?? chosenPet;
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const counter = useRef(0);
  const uploaded = useRecordUploaded();
  const hintId = useId();

  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = (files: readonly File[]) => {
    if (!pet) return;
    for (const file of files) {
      counter.current += 1;
      const key = `${counter.current}-${file.name}`;
      const refusal = refusalOf(file);
      const item: UploadItem = {
        key,
        name: file.name,
        size: file.size,
        progress: 0,
        state: refusal ? 'failed' : 'uploading',
        error: refusal ?? undefined,
      };
      setItems((current) => [item, ...current]);
      if (refusal) continue;
      uploadMedicalRecord({ petUuid: pet, file, onProgress: (progress) => patch(key, { progress }) }).then(
        (response) => {
          patch(key, { state: 'done', progress: 1, record: response.medicalRecord });
          void uploaded(response);
        },
        (error: unknown) => patch(key, { state: 'failed', error: errorMessage(error) }),
      );
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (pet) send([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="sm">
      {!petUuid && <PetPicker value={chosenPet} onChange={setChosenPet} />}
      <Paper
        withBorder
        p="lg"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = pet ? 'copy' : 'none';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging && pet ? 'var(--mantine-color-clinic-6)' : undefined,
          background: dragging && pet ? 'var(--mantine-color-clinic-0)' : undefined,
        }}
        data-testid="record-dropzone"
      >
        <Stack align="center" gap="xs">
          <IconFileUpload size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" ta="center" id={hintId}>
            {pet
              ? `Drop PDFs or images here${petName ? ` for ${petName}` : ''}, or choose them.`
              : 'Choose the pet first, then drop or choose its documents.'}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            PDF, JPEG, PNG or WebP, up to {MEDICAL_RECORD_MAX_BYTES / (1024 * 1024)} MB each.
          </Text>
          <FileButton onChange={send} accept={ACCEPT} multiple disabled={!pet}>
            {(props) => (
              <Button
                {...props}
                disabled={!pet}
                leftSection={<IconUpload size={16} />}
                aria-describedby={hintId}
              >
                Choose files
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {items.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Uploads">
          {items.map((item) => (
            <Paper
              key={item.key}
              withBorder
              p="sm"
              component="li"
              data-testid="upload-item"
              data-state={item.state}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  {item.record ? (
                    <Anchor
                      size="sm"
                      fw={600}
                      truncate="end"
                      renderRoot={(props) => (
                        <Link
                          to="/medical-records/$uuid"
                          params={{ uuid: item.record?.uuid ?? '' }}
                          {...props}
                        />
                      )}
                    >
                      {item.record.title}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={600} truncate="end">
                      {item.name}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {fileSizeLabel(item.size)}
                    {item.state === 'uploading' && ` · ${Math.round(item.progress * 100)}%`}
                  </Text>
                </Stack>
                {item.state === 'done' ? (
                  <Group gap={4} c="clinic.8" wrap="nowrap">
                    <IconCheck size={16} aria-hidden />
                    <Text size="sm" c="clinic.8">
                      Uploaded
                    </Text>
                  </Group>
                ) : item.state === 'failed' ? (
                  <CloseButton
                    aria-label={`Dismiss ${item.name}`}
                    onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))}
                  />
                ) : null}
              </Group>
              {item.state !== 'failed' && (
                <Progress
                  mt={6}
                  value={item.progress * 100}
                  animated={item.state === 'uploading'}
                  color={item.state === 'done' ? 'clinic' : 'blue'}
                  aria-label={`Uploading ${item.name}`}
                  size="sm"
                />
              )}
              {item.error && (
                <Text size="sm" c="red.8" mt={4} role="alert">
                  {item.error}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
