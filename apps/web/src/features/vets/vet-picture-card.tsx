import { Avatar, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { AVATAR_CONTENT_TYPES, fullName, type VetListItem } from '@vetboard/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { avatarFileProblem } from './vet-form.ts';
import { useUpdateVetMutation, useUploadVetAvatarMutation } from './vets.mutations.ts';

/** A local preview of the chosen file, released when it is replaced or the card goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The vet's picture: choose a file, see it, then save it; or remove the current one. `locked` is why
 * the logged-in vet may not change it (vetRights), which leaves the picture only to look at.
 */
export function VetPictureCard({ vet, locked }: { vet: VetListItem; locked?: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetFileInput = useRef<() => void>(null);
  const preview = useObjectUrl(file);
  const upload = useUploadVetAvatarMutation(vet.uuid);
  const update = useUpdateVetMutation(vet.uuid);
  const name = fullName(vet);

  // A refused file belongs next to the picture; a refused right (403) is the 'Error' toast's, like elsewhere.
  const refused = (error: unknown) => {
    if (error instanceof HttpError && error.status === 403) notifyRequestError(error);
    else setProblem(errorMessage(error));
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const refusal = avatarFileProblem(chosen);
    setProblem(refusal);
    setFile(refusal ? null : chosen);
    // The same file chosen again after a refusal or a cancel must still fire a change.
    resetFileInput.current?.();
  };

  const save = () => {
    if (!file) return;
    mutateThen(upload, file, {
      onSuccess: () => {
        setFile(null);
        notifications.show({ color: 'clinic', message: 'Picture saved.' });
      },
      onError: refused,
    });
  };

  const remove = () =>
    mutateThen(
      update,
      { imageUrl: null },
      {
        onSuccess: () => notifications.show({ color: 'clinic', message: 'Picture removed.' }),
        onError: refused,
      },
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Picture
        </Title>
        <Group gap="lg" align="center" wrap="wrap">
          <Avatar
            src={preview ?? vet.imageUrl}
            name={name}
            alt={preview ? `New picture of ${name}` : name}
            color="initials"
            radius="100%"
            size={96}
            data-testid={preview ? 'avatar-preview' : 'avatar-current'}
          />
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            {file ? (
              <>
                <Text size="sm">
                  Preview of <b>{file.name}</b>. Save it to use it everywhere.
                </Text>
                <Group gap="sm">
                  <Button onClick={save} loading={upload.isPending}>
                    Save picture
                  </Button>
                  <Button variant="default" onClick={() => setFile(null)} disabled={upload.isPending}>
                    Cancel
                  </Button>
                </Group>
              </>
            ) : locked ? (
              <Text size="sm" c="dimmed" data-testid="avatar-locked">
                {locked}
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  PNG, JPEG or WebP, at most 2 MB.
                </Text>
                <Group gap="sm">
                  <FileButton
                    onChange={choose}
                    accept={AVATAR_CONTENT_TYPES.join(',')}
                    resetRef={resetFileInput}
                  >
                    {(props) => (
                      <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />}>
                        Choose a picture
                      </Button>
                    )}
                  </FileButton>
                  {vet.imageUrl && (
                    <Button
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={remove}
                      loading={update.isPending}
                    >
                      Remove picture
                    </Button>
                  )}
                </Group>
              </>
            )}
            {problem && (
              <Text size="sm" c="red" role="alert" data-testid="avatar-problem">
                {problem}
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
