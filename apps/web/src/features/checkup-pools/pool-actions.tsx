import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconCopy, IconDots, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FormSummary } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { useReferenceDataRights } from '@/lib/auth/reference-data-rights.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useDeletePoolMutation, useDuplicatePoolMutation } from './checkup-pools.mutations.ts';

/**
 * Archive or delete, worded for what will happen: the API archives a pool that has checkups (they stay
 * readable with their questions) and deletes one that has none.
 */
export function ArchivePoolModal({
  pool,
  opened,
  onClose,
  onDone,
}: {
  pool: Pick<FormSummary, 'uuid' | 'title' | 'checkupCount'>;
  opened: boolean;
  onClose: () => void;
  onDone?: (archived: boolean) => void;
}) {
  const remove = useDeletePoolMutation();
  const archives = pool.checkupCount > 0;
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={archives ? `Archive “${pool.title}”?` : `Delete “${pool.title}”?`}
      confirmLabel={archives ? 'Archive' : 'Delete'}
      confirmColor="red"
      loading={remove.isPending}
      onConfirm={() =>
        mutateThen(remove, pool.uuid, {
          onSuccess: ({ archived }) => {
            notifications.show({
              color: 'teal',
              message: archived
                ? `“${pool.title}” archived: its checkups stay readable; it can no longer be sent.`
                : `“${pool.title}” deleted.`,
            });
            onClose();
            onDone?.(archived);
          },
        })
      }
    >
      {archives
        ? `${countOf(pool.checkupCount, { one: 'checkup was', other: 'checkups were' })} sent from this pool, so it is archived, not deleted: the checkups keep their questions and answers, and the pool is no longer offered to send or fill.`
        : 'No checkup was sent from this pool, so it is deleted for good.'}
    </ConfirmModal>
  );
}

/**
 * A row's menu on the pools list: edit, duplicate, archive; an archived pool can only be duplicated.
 * Each entry only for a vet with that right (duplicating creates a pool); none, no menu.
 */
export function PoolRowMenu({ pool, takenSkus }: { pool: FormSummary; takenSkus: ReadonlySet<string> }) {
  const [archiving, setArchiving] = useState(false);
  const duplicate = useDuplicatePoolMutation();
  const go = useNavigate();
  const rights = useReferenceDataRights();
  const mayEdit = !pool.archived && rights.edit === null;
  const mayRemove = !pool.archived && rights.delete === null;
  if (!mayEdit && !mayRemove && rights.create !== null) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for ${pool.title}`}
            loading={duplicate.isPending}
            onClick={(event) => event.stopPropagation()}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
          {mayEdit && (
            <Menu.Item
              leftSection={<IconPencil size={16} />}
              renderRoot={(props) => (
                <Link to="/checkups/pools/$uuid/edit" params={{ uuid: pool.uuid }} {...props} />
              )}
            >
              Edit
            </Menu.Item>
          )}
          {rights.create === null && (
            <Menu.Item
              leftSection={<IconCopy size={16} />}
              onClick={() =>
                mutateThen(
                  duplicate,
                  { uuid: pool.uuid, takenSkus },
                  {
                    onSuccess: ({ form }) => {
                      notifications.show({ color: 'teal', message: `“${form.title}” created.` });
                      void go({ to: '/checkups/pools/$uuid/edit', params: { uuid: form.uuid } });
                    },
                  },
                )
              }
            >
              Duplicate
            </Menu.Item>
          )}
          {mayRemove && (
            <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={() => setArchiving(true)}>
              {pool.checkupCount > 0 ? 'Archive' : 'Delete'}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ArchivePoolModal pool={pool} opened={archiving} onClose={() => setArchiving(false)} />
    </>
  );
}
