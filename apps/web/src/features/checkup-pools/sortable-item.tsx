import { ActionIcon, Box, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useState } from 'react';
import classes from './pool-builder.module.css';

/** The item being dragged: only its siblings (same `scope`) take the drop. */
let dragged: { scope: string; index: number } | null = null;

/**
 * One reorderable item of the builder: dragged by its grip (native HTML drag, so no library), or moved
 * with its "Move … up/down" buttons from the keyboard. The buttons carry `data-move` so the builder can
 * give focus back to the moved item's button after React has re-ordered the list.
 */
export function SortableItem({
  scope,
  itemKey,
  index,
  count,
  label,
  onMove,
  onRemove,
  removeDisabled,
  children,
  variant,
}: {
  scope: string;
  itemKey: string;
  index: number;
  count: number;
  /** How the buttons name the item: `option "Never"`. */
  label: string;
  onMove: (from: number, to: number, by: 'drag' | 'keyboard') => void;
  onRemove: () => void;
  removeDisabled?: boolean;
  children: ReactNode;
  variant: 'group' | 'question' | 'option';
}) {
  const [armed, setArmed] = useState(false);
  const [over, setOver] = useState(false);

  const accepts = () => dragged !== null && dragged.scope === scope && dragged.index !== index;

  return (
    <Box
      className={classes[variant]}
      data-over={over || undefined}
      data-sortable={variant}
      draggable={armed}
      onDragStart={(event: DragEvent) => {
        event.stopPropagation();
        dragged = { scope, index };
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', label);
      }}
      onDragEnd={() => {
        dragged = null;
        setArmed(false);
      }}
      onDragOver={(event: DragEvent) => {
        if (!accepts()) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        if (!accepts() || !dragged) return;
        event.preventDefault();
        event.stopPropagation();
        onMove(dragged.index, index, 'drag');
        dragged = null;
      }}
    >
      <div className={classes.row}>
        <Box
          className={classes.grip}
          aria-hidden
          title={`Drag to reorder ${label}`}
          onPointerDown={() => setArmed(true)}
          onPointerUp={() => setArmed(false)}
        >
          <IconGripVertical size={16} />
        </Box>
        <div className={classes.body}>{children}</div>
        <Group gap={2} wrap="nowrap" className={classes.controls}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${label} up`}
            data-move={`${itemKey}:up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1, 'keyboard')}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${label} down`}
            data-move={`${itemKey}:down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1, 'keyboard')}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${label}`}
            disabled={removeDisabled}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </div>
    </Box>
  );
}
