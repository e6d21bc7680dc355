import { ActionIcon, Alert, Box, Button, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconExternalLink,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import type { MedicalRecord } from '@vetboard/contract';
import { useEffect, useRef, useState } from 'react';
import { buildUrl } from '@/lib/api/http-client.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import type { PDFDocumentProxy } from './pdf-document.ts';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export const fileUrlOf = (record: MedicalRecord) => buildUrl(publicConfig.apiBaseUrl, record.file.url, {});

function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const index = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Zoom out">
        <ActionIcon
          variant="default"
          aria-label="Zoom out"
          disabled={index <= 0}
          onClick={() => onZoom(ZOOMS[index - 1] ?? zoom)}
        >
          <IconZoomOut size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Fit to width">
        <ActionIcon
          variant="default"
          aria-label="Fit to width"
          disabled={zoom === 1}
          onClick={() => onZoom(1)}
        >
          <IconZoomReset size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Zoom in">
        <ActionIcon
          variant="default"
          aria-label="Zoom in"
          disabled={index >= ZOOMS.length - 1}
          onClick={() => onZoom(ZOOMS[index + 1] ?? zoom)}
        >
          <IconZoomIn size={16} />
        </ActionIcon>
      </Tooltip>
      <Text size="xs" c="dimmed" w={40} ta="right" aria-live="polite">
        {Math.round(zoom * 100)}%
      </Text>
    </Group>
  );
}

/** One page of the PDF drawn on a canvas as wide as the frame (times the zoom), sharp on any screen. */
function PdfPage({
  pdf,
  pageNumber,
  width,
  label,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (width <= 0) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<unknown> } | undefined;
    void pdf.getPage(pageNumber).then(
      (page) => {
        const element = canvas.current;
        const context = element?.getContext('2d');
        if (cancelled || !element || !context) return;
        const natural = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / natural.width) * ratio });
        element.width = Math.floor(viewport.width);
        element.height = Math.floor(viewport.height);
        element.style.width = `${width}px`;
        element.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = page.render({ canvasContext: context, viewport });
        task.promise.catch((error: { name?: string }) => {
          if (error?.name !== 'RenderingCancelledException') setFailed(true);
        });
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, width]);
  if (failed)
    return (
      <Text size="sm" c="red.8" p="md">
        This page could not be drawn.
      </Text>
    );
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      style={{ display: 'block', margin: '0 auto', background: 'white' }}
      data-testid="pdf-page"
    />
  );
}

function PdfPreview({ record, url }: { record: MedicalRecord; url: string }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const frame = useElementSize();

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setPdf(null);
    setError(false);
    setPage(1);
    void import('./pdf-document.ts')
      .then(({ openPdf }) => openPdf(url))
      .then(
        (document) => {
          opened = document;
          if (cancelled) void document.destroy();
          else setPdf(document);
        },
        () => {
          if (!cancelled) setError(true);
        },
      );
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);

  const pages = pdf?.numPages ?? 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text size="sm" miw={96} ta="center" aria-live="polite" data-testid="pdf-page-number">
            {pdf ? `Page ${page} of ${pages}` : 'Loading…'}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Next page"
            disabled={page >= pages}
            onClick={() => setPage((current) => Math.min(pages, current + 1))}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        <ZoomControls zoom={zoom} onZoom={setZoom} />
      </Group>
      <Box
        bg="gray.1"
        p={{ base: 4, sm: 'sm' }}
        style={{ overflow: 'auto', maxHeight: '80vh', borderRadius: 'var(--mantine-radius-sm)' }}
        tabIndex={0}
        role="region"
        aria-label={`Preview of ${record.title}`}
        data-testid="record-preview"
      >
        {/* Measured inside the padding: the page is drawn as wide as what is left of the frame. */}
        <div ref={frame.ref} />
        {error ? (
          <Alert color="red" variant="light" title="The preview could not be shown">
            Download the file to read it.
          </Alert>
        ) : pdf ? (
          <PdfPage
            pdf={pdf}
            pageNumber={page}
            width={Math.max(0, Math.floor(frame.width * zoom))}
            label={`${record.title}, page ${page} of ${pages}`}
          />
        ) : (
          <Group justify="center" p="xl" role="status" aria-busy="true" aria-label="Loading the preview">
            <Loader size="sm" />
          </Group>
        )}
      </Box>
    </Stack>
  );
}

function ImagePreview({ record, url }: { record: MedicalRecord; url: string }) {
  const [zoom, setZoom] = useState(1);
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <ZoomControls zoom={zoom} onZoom={setZoom} />
      </Group>
      <Box
        bg="gray.1"
        p={{ base: 4, sm: 'sm' }}
        style={{ overflow: 'auto', maxHeight: '80vh', borderRadius: 'var(--mantine-radius-sm)' }}
        tabIndex={0}
        role="region"
        aria-label={`Preview of ${record.title}`}
        data-testid="record-preview"
      >
        <img
          src={url}
          alt={record.title}
          style={{
            display: 'block',
            width: `${zoom * 100}%`,
            maxWidth: 'none',
            height: 'auto',
            margin: '0 auto',
          }}
          data-testid="record-image"
        />
      </Box>
    </Stack>
  );
}

/**
 * The record's file in the page, without downloading it first: a PDF page by page (PDF.js, drawn
 * to fit the frame, so it reads the same on a phone), an image as it is; both zoom. Download keeps
 * the name it was uploaded with.
 */
export function RecordPreview({ record }: { record: MedicalRecord }) {
  const url = fileUrlOf(record);
  const isPdf = record.file.contentType === 'application/pdf';
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Document">
      <Stack gap="sm">
        {isPdf ? <PdfPreview record={record} url={url} /> : <ImagePreview record={record} url={url} />}
        <Group gap="sm" wrap="wrap">
          <Button
            component="a"
            href={url}
            download={record.file.filename}
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Download
          </Button>
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            variant="subtle"
            leftSection={<IconExternalLink size={16} />}
          >
            Open in a new tab
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
