import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDroplet, IconHeart, IconLungs, IconScale, IconWaveSine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LatestTrackersResponse, Timestamp } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatZoned } from '@/lib/format/zoned-time.ts';
import { AbnormalBadge } from './abnormal-badge.tsx';
import { latestTrackersQueryOptions } from './latest-trackers.queries.ts';
import {
  formatDuration,
  formatKg,
  formatReading,
  sentimentColors,
  sentimentLabels,
} from './tracker-format.ts';

type TrackerPath =
  | '/pets/$uuid/weight-history'
  | '/pets/$uuid/respiratory-history'
  | '/pets/$uuid/heart-rate'
  | '/pets/$uuid/itch-history'
  | '/pets/$uuid/drinking';

function TrackerRow({
  petUuid,
  to,
  icon,
  label,
  testId,
  value,
  detail,
}: {
  petUuid: string;
  to: TrackerPath;
  icon: ReactNode;
  label: string;
  testId: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={testId}>
      <ThemeIcon variant="light" size={32} radius="md">
        {icon}
      </ThemeIcon>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => <Link to={to} params={{ uuid: petUuid }} {...props} />}
        >
          {label}
        </Anchor>
        <Group gap={6} wrap="wrap">
          {value}
        </Group>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

const none = (
  <Text span size="sm" c="dimmed">
    No readings yet
  </Text>
);

const ICON = { size: 18, stroke: 1.7 } as const;

function Rows({ petUuid, latest }: { petUuid: string; latest: LatestTrackersResponse }) {
  const at = (timestamp: Timestamp) => formatZoned(timestamp, latest.timezone);
  const { weight, respiratoryRate, heartRate } = latest;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <TrackerRow
        petUuid={petUuid}
        to="/pets/$uuid/weight-history"
        icon={<IconScale {...ICON} />}
        label="Weight"
        testId="latest-weight"
        value={
          weight ? (
            <>
              <Text span size="sm">
                {formatKg(weight.value)}
              </Text>
              {weight.variationSentiment !== 'neutral' && (
                <Badge
                  variant="light"
                  radius="sm"
                  tt="none"
                  color={sentimentColors[weight.variationSentiment]}
                  data-sentiment={weight.variationSentiment}
                >
                  {sentimentLabels[weight.variationSentiment]}
                </Badge>
              )}
            </>
          ) : (
            none
          )
        }
        detail={weight && at(weight.measuredAt)}
      />
      <TrackerRow
        petUuid={petUuid}
        to="/pets/$uuid/respiratory-history"
        icon={<IconLungs {...ICON} />}
        label="Respiratory rate"
        testId="latest-respiratory"
        value={
          respiratoryRate ? (
            <>
              <Text span size="sm">
                {formatReading('respiratory_rate', respiratoryRate.value)}
              </Text>
              <AbnormalBadge abnormal={respiratoryRate.abnormal} size="xs" />
            </>
          ) : (
            none
          )
        }
        detail={respiratoryRate && at(respiratoryRate.measuredAt)}
      />
      <TrackerRow
        petUuid={petUuid}
        to="/pets/$uuid/heart-rate"
        icon={<IconHeart {...ICON} />}
        label="Heart rate"
        testId="latest-heart-rate"
        value={
          heartRate ? (
            <Text span size="sm">
              {formatReading('heart_rate', heartRate.value)}
            </Text>
          ) : (
            none
          )
        }
        detail={heartRate && at(heartRate.measuredAt)}
      />
      <TrackerRow
        petUuid={petUuid}
        to="/pets/$uuid/itch-history"
        icon={<IconWaveSine {...ICON} />}
        label="Head shaking today"
        testId="latest-shaking"
        value={
          <Text span size="sm">
            {formatReading('shaking', latest.shakingToday)}
          </Text>
        }
      />
      <TrackerRow
        petUuid={petUuid}
        to="/pets/$uuid/drinking"
        icon={<IconDroplet {...ICON} />}
        label="Drinking today"
        testId="latest-drinking"
        value={
          <Text span size="sm">
            {formatDuration(latest.drinkingTodaySeconds)}
          </Text>
        }
      />
    </SimpleGrid>
  );
}

/** The pet profile's tracker section: each tracker's latest value, with a link to its page. */
export function LatestTrackersCard({ petUuid }: { petUuid: string }) {
  const latest = useQuery(latestTrackersQueryOptions(petUuid));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="latest-trackers-card">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="md">
          Trackers
        </Title>
        {latest.data && (
          <Text size="xs" c="dimmed">
            Times in {latest.data.timezone}
          </Text>
        )}
      </Group>
      {latest.data ? (
        <Rows petUuid={petUuid} latest={latest.data} />
      ) : latest.isError ? (
        <Alert color="red" variant="light" title="Could not load the trackers">
          {errorMessage(latest.error)}
        </Alert>
      ) : (
        <Stack gap="md" aria-busy="true">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
