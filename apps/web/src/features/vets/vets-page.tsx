import { Anchor, Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { fullName, type VetListItem } from '@vetboard/contract';
import { CsvExportButton } from '@/components/lists/csv-export-button.tsx';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { VetAvatar } from '@/components/shell/vet-avatar.tsx';
import { useVetRights } from '@/lib/auth/vet-rights.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { SecondFactorRequirementSelect } from './second-factor-requirement.tsx';
import { vetsListQueryOptions } from './vets.queries.ts';
import {
  createKindFor,
  isProductKindParam,
  type VetsSearch,
  vetsFilterQuery,
  vetsListQuery,
  vetsTitle,
} from './vets-search.ts';

const route = getRouteApi('/_default/vets/');

type VetSortField = VetsSearch['sort'];

const columns: DataTableColumn<VetListItem, VetSortField>[] = [
  {
    key: 'avatar',
    header: 'Picture',
    hideHeader: true,
    width: 56,
    render: (vet) => <VetAvatar vet={vet} size={36} />,
    skeleton: <Skeleton circle height={36} />,
  },
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (vet) => (
      <Group gap={8} wrap="nowrap">
        <Anchor
          fw={600}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
          renderRoot={(props) => <Link to="/vets/$uuid" params={{ uuid: vet.uuid }} {...props} />}
        >
          {fullName(vet)}
        </Anchor>
        {vet.disabled && (
          <Badge size="xs" color="gray" variant="outline" tt="none">
            Disabled
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'email', header: 'E-mail', sortField: 'email', render: (vet) => <Text size="sm">{vet.email}</Text> },
  {
    key: 'kind',
    header: 'Kind',
    sortField: 'kind',
    render: (vet) => (
      <Badge variant="light" tt="none" radius="sm" color={vet.kind === 'head' ? 'indigo' : 'clinic'}>
        {vet.kindLabel}
      </Badge>
    ),
  },
  {
    key: 'company',
    header: 'Company',
    render: (vet) =>
      vet.companySku ? (
        <Anchor
          size="sm"
          ff="monospace"
          renderRoot={(props) => <Link to="/b2b/$sku" params={{ sku: vet.companySku ?? '' }} {...props} />}
        >
          {vet.companySku}
        </Anchor>
      ) : (
        <Text span c="dimmed">
          —
        </Text>
      ),
  },
];

function describeList(kind: string | undefined, productName: string): string {
  if (kind && isProductKindParam(kind, productName)) return `${productName}'s own vets and head vets.`;
  if (kind === 'b2b') return 'Vets working for our B2B companies.';
  if (kind === 'partner') return 'Partners at our B2B companies.';
  return 'Everyone with an account on the dashboard.';
}

/** `/vets?kind=`: SPEC §2's 'B2B Vets', 'B2B Partners' and 'Teammates'. */
export function VetsPage() {
  const state = useListPage(route.useSearch(), route.useNavigate());
  const { search } = state;
  const go = useNavigate();
  const list = useListQuery(vetsListQueryOptions(vetsListQuery(search)));
  const product = publicConfig.productName;
  const rights = useVetRights();
  const title = vetsTitle(search.kind, product);

  return (
    <ListPage
      state={state}
      query={list}
      rows={list.data?.vets}
      title={title}
      description={describeList(search.kind, product)}
      actions={
        <>
          <CsvExportButton path="/v1/vets/export" query={vetsFilterQuery(search)} />
          {rights.manage === null && <SecondFactorRequirementSelect />}
          {rights.manage === null && (
            <Button
              leftSection={<IconPlus size={16} />}
              renderRoot={(props) => (
                <Link to="/vets/create" search={{ kind: createKindFor(search.kind, product) }} {...props} />
              )}
            >
              Create vet
            </Button>
          )}
        </>
      }
      searchLabel="Search vets"
      searchPlaceholder="Search by name or e-mail"
      noun="vets"
      table={{
        label: title,
        columns,
        rowKey: (vet) => vet.uuid,
        rowAction: (vet) => () => void go({ to: '/vets/$uuid', params: { uuid: vet.uuid } }),
        minWidth: 760,
      }}
    />
  );
}
