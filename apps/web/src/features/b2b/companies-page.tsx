import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { companyKindLabels } from '@vetboard/contract';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { b2bCompaniesQueryOptions, localToday } from './b2b.queries.ts';
import { DeliveryBadge, NONE } from './b2b-cells.tsx';

/** `/b2b`: the B2B companies, with today's statuses written out of their pets and the last daily e-mail. */
export function CompaniesPage() {
  const { data } = useSuspenseQuery(b2bCompaniesQueryOptions(localToday()));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>B2B companies</Title>
        <Text c="dimmed" size="sm">
          Insurers, breeders, kennels, daycares and shelters: write their pets’ daily statuses and e-mail
          them.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={0}>
        <TableScroll label="B2B companies" minWidth={860}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th ta="right">Pets</Table.Th>
                <Table.Th>Statuses today</Table.Th>
                <Table.Th>Last daily e-mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.companies.map((company) => (
                <Table.Tr key={company.sku} data-testid="company-row">
                  <Table.Td>
                    <Anchor
                      fw={600}
                      size="sm"
                      renderRoot={(props) => <Link to="/b2b/$sku" params={{ sku: company.sku }} {...props} />}
                    >
                      {company.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{companyKindLabels[company.kind]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {company.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{company.petsCount}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={company.writtenCount < company.petsCount ? undefined : 'teal.8'}>
                      {company.writtenCount} of {company.petsCount} written
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {company.lastDailyEmail ? (
                      <Group gap="xs" wrap="nowrap">
                        <Stack gap={0}>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(company.lastDailyEmail.at)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {company.lastDailyEmail.by
                              ? `by ${company.lastDailyEmail.by.name}`
                              : 'by the system'}
                          </Text>
                        </Stack>
                        <DeliveryBadge status={company.lastDailyEmail.status} />
                      </Group>
                    ) : (
                      NONE
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
    </Stack>
  );
}
