import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { buildUrl, type QueryValue } from '@/lib/api/http-client.ts';
import { publicConfig } from '@/lib/config/public-config.ts';

/**
 * The list's current filter as a CSV file. A plain download link: the server streams the whole
 * result, which a browser-built file could not do for thousands of rows.
 */
export function CsvExportButton({ path, query }: { path: string; query: Record<string, QueryValue> }) {
  return (
    <Button
      component="a"
      href={buildUrl(publicConfig.apiBaseUrl, path, query)}
      download
      variant="default"
      leftSection={<IconDownload size={16} stroke={1.7} />}
    >
      Export CSV
    </Button>
  );
}
