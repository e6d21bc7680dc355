import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconClockX, IconDownload, IconFileOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import classes from './diet-pdf-page.module.css';
import { signatureOf } from './diet-pdf-search.ts';
import { DietPdfError, type DietPdfFailure, dietPdfContentQueryOptions } from './diets.queries.ts';

const route = getRouteApi('/_public/diets/$uuid/pdf');

export const dietPdfFailureMessages: Record<DietPdfFailure, string> = {
  expired: 'This link has expired. Ask your vet for a new one.',
  invalid: 'This link is not valid.',
  unavailable: 'The diet could not be loaded. Check your connection and try again.',
};

/** A URL for the downloaded bytes, released when the page no longer shows them. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function Failure({ failure, onRetry }: { failure: DietPdfFailure; onRetry: () => void }) {
  return (
    <Alert
      color={failure === 'unavailable' ? 'red' : 'orange'}
      variant="light"
      icon={failure === 'expired' ? <IconClockX size={20} /> : <IconFileOff size={20} />}
      data-testid="diet-pdf-failure"
      data-failure={failure}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" fw={600}>
          {dietPdfFailureMessages[failure]}
        </Text>
        {failure === 'unavailable' && (
          <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * `/diets/{uuid}/pdf`: the page an owner opens from the vet's link, without an account (SPEC §2). The
 * PDF is fetched once and shown from a blob URL: the API's own answers may not be framed, and the
 * bytes are what the Download button saves.
 */
export function DietPdfPage() {
  const { uuid } = route.useParams();
  const search = route.useSearch();
  const pdf = useQuery(dietPdfContentQueryOptions(uuid, signatureOf(search)));
  const url = useObjectUrl(pdf.data?.blob);

  return (
    <Stack gap="md" data-public-wide data-testid="diet-pdf-page">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 20, sm: 24 }}>
            Diet plan
          </Title>
          <Text size="sm" c="dimmed">
            From your vet, as a PDF to read, print or keep.
          </Text>
        </Stack>
        {url && pdf.data && (
          <Button
            component="a"
            href={url}
            download={pdf.data.filename}
            leftSection={<IconDownload size={16} />}
            data-testid="diet-pdf-download"
          >
            Download
          </Button>
        )}
      </Group>
      {pdf.isError ? (
        <Failure
          failure={pdf.error instanceof DietPdfError ? pdf.error.failure : 'unavailable'}
          onRetry={() => void pdf.refetch()}
        />
      ) : url ? (
        <Box className={classes.viewer}>
          <iframe src={url} title="Diet plan PDF" className={classes.frame} data-testid="diet-pdf-viewer" />
        </Box>
      ) : (
        <Group gap="sm" justify="center" py="xl" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm">Loading the diet…</Text>
        </Group>
      )}
    </Stack>
  );
}
