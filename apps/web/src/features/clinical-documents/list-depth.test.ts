import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { ListDepthLimit } from './list-depth.ts';

const item = (text: string, nested?: object) => ({
  type: 'listItem',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }, ...(nested ? [nested] : [])],
});
/** One top-level list of three items; the second holds a list of two (two levels, the most allowed). */
const twoLevels = {
  type: 'doc',
  content: [
    {
      type: 'bulletList',
      content: [
        item('Pimobendan'),
        item('Diet', { type: 'bulletList', content: [item('Cardiac'), item('Low salt')] }),
        item('Recheck'),
      ],
    },
  ],
};

function listDepth(node: { type?: string; content?: unknown[] }, depth = 0): number {
  const here = node.type === 'bulletList' || node.type === 'orderedList' ? depth + 1 : depth;
  return Math.max(here, ...(node.content ?? []).map((child) => listDepth(child as typeof node, here)));
}

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function editorAt(text: string, extensions = [StarterKit, ListDepthLimit]): Editor {
  editor = new Editor({ extensions, content: structuredClone(twoLevels) });
  let position = -1;
  editor.state.doc.descendants((node, pos) => {
    if (node.isText && node.text === text) position = pos + 1;
  });
  if (position < 0) throw new Error(`no "${text}" in the list`);
  editor.commands.setTextSelection(position);
  return editor;
}

describe('lists in a clinical document’s editor', () => {
  it('Tab still nests an item of the first level', () => {
    const current = editorAt('Recheck');
    current.commands.keyboardShortcut('Tab');
    expect(listDepth(current.getJSON() as never)).toBe(2);
    // "Recheck" went under "Diet": the top list now has two items.
    expect((current.getJSON().content?.[0]?.content ?? []).length).toBe(2);
  });

  it('Tab does not nest an item whose own list would become a third level', () => {
    const current = editorAt('Diet');
    current.commands.keyboardShortcut('Tab');
    expect(listDepth(current.getJSON() as never)).toBe(2);
    expect((current.getJSON().content?.[0]?.content ?? []).length).toBe(3);
  });

  it('Tab does not make a third level, which the contract refuses', () => {
    const current = editorAt('Low salt');
    current.commands.keyboardShortcut('Tab');
    expect(listDepth(current.getJSON() as never)).toBe(2);
  });

  it('without the limit the starter kit would nest a third level', () => {
    const current = editorAt('Low salt', [StarterKit]);
    current.commands.keyboardShortcut('Tab');
    expect(listDepth(current.getJSON() as never)).toBe(3);
  });
});
