import '@mantine/tiptap/styles.layer.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isSafeLink, type RichText } from '@vetboard/contract';
import { useId } from 'react';
import { ListDepthLimit } from './list-depth.ts';

/**
 * The editor of a clinical document's rich text (lazy: Tiptap only loads on a draft's page). Only the
 * contract's safe subset can be made: headings 2-3, paragraphs, lists, bold, italic and http(s)/mailto
 * links; everything else the starter kit offers is switched off, so pasted HTML is reduced to it.
 */
export default function RichTextEditorField({
  label,
  description,
  value,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  value: RichText;
  onChange: (doc: RichText) => void;
  testId?: string;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => isSafeLink(url),
        },
      }),
      ListDepthLimit,
    ],
    content: value,
    // The stored tree is the contract's: what the editor emits is checked by the API on save.
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as RichText),
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' },
    },
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
  });

  return (
    <Input.Wrapper label={<span id={labelId}>{label}</span>} description={description} data-testid={testId}>
      <RichTextEditor editor={editor} mt={4} labels={{ linkEditorInputPlaceholder: 'https://…' }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={120} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
