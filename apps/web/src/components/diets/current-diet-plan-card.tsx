import {
  Alert,
  Anchor,
  Badge,
  Button,
  DataList,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBowl, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type DietPlan, dietKindLabels, nutrientProfileKindLabels } from '@vetboard/contract';
import { DetailRow } from '@/components/layouts/detail-section.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDay } from '@/lib/format/dates.ts';
import { currentDietPlanQueryOptions } from './current-diet-plan.queries.ts';

const notSet = (
  <Text span size="sm" c="dimmed">
    Not set
  </Text>
);

function Plan({ plan }: { plan: DietPlan }) {
  const diet = plan.currentDiet;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color="teal" radius="sm" tt="none" size="lg" data-testid="diet-plan-kind">
          {dietKindLabels[diet?.kind ?? plan.kind]}
        </Badge>
        {diet && (
          <Text size="xs" c="dimmed">
            {nutrientProfileKindLabels[diet.nutrientProfileKind]}
          </Text>
        )}
      </Group>
      <DataList size="sm" labelWidth={130}>
        <DetailRow label="Since">
          {diet?.publishedAt
            ? formatDay(diet.publishedAt)
            : diet?.formulatedOn
              ? formatCalendarDate(diet.formulatedOn)
              : formatDay(plan.createdAt)}
        </DetailRow>
        <DetailRow label="Next assessment">
          {diet?.nextAssessmentOn ? formatCalendarDate(diet.nextAssessmentOn) : notSet}
        </DetailRow>
      </DataList>
      {diet && (
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => <Link to="/diets/$uuid" params={{ uuid: diet.uuid }} {...props} />}
          data-testid="diet-plan-link"
        >
          Open the diet
        </Anchor>
      )}
    </Stack>
  );
}

/** The pet profile's diet section: the diet the owner follows now, or a way to formulate the first. */
export function CurrentDietPlanCard({ petUuid }: { petUuid: string }) {
  const plan = useQuery(currentDietPlanQueryOptions(petUuid));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="current-diet-plan-card">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="md">
          Diet plan
        </Title>
        <Anchor
          size="xs"
          renderRoot={(props) => <Link to="/pets/$uuid/diets" params={{ uuid: petUuid }} {...props} />}
        >
          All diets
        </Anchor>
      </Group>
      {plan.data ? (
        plan.data.dietPlan ? (
          <Plan plan={plan.data.dietPlan} />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Group gap="xs" c="dimmed">
              <IconBowl size={18} aria-hidden />
              <Text size="sm" c="inherit">
                No diet plan yet
              </Text>
            </Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              renderRoot={(props) => (
                <Link to="/pets/$uuid/diets/new" params={{ uuid: petUuid }} {...props} />
              )}
            >
              Create a diet
            </Button>
          </Stack>
        )
      ) : plan.isError ? (
        <Alert color="red" variant="light" title="Could not load the diet plan">
          {errorMessage(plan.error)}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={26} width={120} />
          <Skeleton height={40} />
        </Stack>
      )}
    </Paper>
  );
}
