import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Extension } from '@tiptap/react';

/** The contract's rich text allows two levels of lists (`richTextSchema`): a third is refused on save. */
export const MAX_LIST_DEPTH = 2;

/** How many levels of lists a node holds below itself. */
function listLevelsIn(node: ProseMirrorNode): number {
  let deepest = 0;
  node.forEach((child) => {
    const own = child.type.name === 'bulletList' || child.type.name === 'orderedList' ? 1 : 0;
    deepest = Math.max(deepest, own + listLevelsIn(child));
  });
  return deepest;
}

/**
 * Tab nests a list item one level deeper (the starter kit's list keymap). At the contract's deepest level
 * this extension takes Tab first and does nothing (nor for an item whose own sub-list would go too
 * deep), so a vet cannot make a list the API would refuse;
 * Shift+Tab still lifts the item.
 */
export const ListDepthLimit = Extension.create({
  name: 'listDepthLimit',
  // Above the list item's own keymap, which would sink the item.
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      Tab: () => {
        const { $from } = this.editor.state.selection;
        let lists = 0;
        let item: ProseMirrorNode | undefined;
        for (let depth = $from.depth; depth > 0; depth -= 1) {
          const node = $from.node(depth);
          if (node.type.name === 'listItem') item ??= node;
          if (node.type.name === 'bulletList' || node.type.name === 'orderedList') lists += 1;
        }
        if (!item) return false;
        // Sinking moves the item and the lists it holds one level down.
        return lists + 1 + listLevelsIn(item) > MAX_LIST_DEPTH;
      },
    };
  },
});
