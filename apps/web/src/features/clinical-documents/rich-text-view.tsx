import { Anchor, Box, List, Text, Title } from '@mantine/core';
import {
  isSafeLink,
  type RichText,
  type RichTextBlock,
  type RichTextInline,
  type RichTextListItem,
  replacePetNamePlaceholders,
} from '@vetboard/contract';
import type { ReactNode } from 'react';

/**
 * A stored rich text drawn as React elements, node by node from the contract's safe tree: no HTML
 * string is ever built or injected, and a link is drawn only if its scheme is still http(s) or mailto.
 * `{{PET_NAME}}` / `{{pet_name}}` become the pet's name (SPEC §3).
 */
function inline(nodes: readonly RichTextInline[] | undefined, petName: string): ReactNode[] {
  return (nodes ?? []).map((node, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: the tree has no ids and is redrawn whole
    if (node.type === 'hardBreak') return <br key={index} />;
    let element: ReactNode = replacePetNamePlaceholders(node.text, petName);
    for (const mark of node.marks ?? []) {
      if (mark.type === 'bold') element = <strong>{element}</strong>;
      else if (mark.type === 'italic') element = <em>{element}</em>;
      else if (mark.type === 'link' && isSafeLink(mark.attrs.href))
        element = (
          <Anchor href={mark.attrs.href} target="_blank" rel="noopener noreferrer nofollow">
            {element}
          </Anchor>
        );
    }
    // biome-ignore lint/suspicious/noArrayIndexKey: as above
    return <span key={index}>{element}</span>;
  });
}

function list(
  node: { type: 'bulletList' | 'orderedList'; content: readonly RichTextListItem[] },
  petName: string,
  key: number,
): ReactNode {
  return (
    <List
      key={key}
      type={node.type === 'orderedList' ? 'ordered' : 'unordered'}
      size="sm"
      withPadding
      spacing={2}
    >
      {node.content.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <List.Item key={index}>
          {item.content.map((child, childIndex) =>
            child.type === 'paragraph' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <span key={childIndex}>{inline(child.content, petName)}</span>
            ) : (
              list(child, petName, childIndex)
            ),
          )}
        </List.Item>
      ))}
    </List>
  );
}

function block(node: RichTextBlock, petName: string, key: number): ReactNode {
  if (node.type === 'heading') {
    return (
      <Title
        key={key}
        order={node.attrs.level === 2 ? 3 : 4}
        size={node.attrs.level === 2 ? 'h5' : 'h6'}
        mt="sm"
        mb={4}
      >
        {inline(node.content, petName)}
      </Title>
    );
  }
  if (node.type === 'paragraph') {
    return (
      <Text key={key} size="sm" mb={6} mih="1em">
        {inline(node.content, petName)}
      </Text>
    );
  }
  return list(node, petName, key);
}

export function RichTextView({ doc, petName, empty }: { doc: RichText; petName: string; empty?: string }) {
  const blank = doc.content.every((node) => node.type === 'paragraph' && !node.content?.length);
  if (blank)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {empty ?? 'Nothing written.'}
      </Text>
    );
  return <Box data-testid="rich-text">{doc.content.map((node, index) => block(node, petName, index))}</Box>;
}
