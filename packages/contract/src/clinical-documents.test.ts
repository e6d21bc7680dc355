import { describe, expect, it } from 'vitest';
import {
  assessmentContentSchema,
  canonicalJson,
  clinicalContentSections,
  emptyAssessmentContent,
  isSafeLink,
  richTextSchema,
} from './clinical-documents.ts';

describe('the safe rich-text subset', () => {
  it('accepts http, https and mailto links only', () => {
    expect(isSafeLink('https://acvim.org/guidelines')).toBe(true);
    expect(isSafeLink('http://example.com')).toBe(true);
    expect(isSafeLink('mailto:vet@example.com')).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:x',
      'data:text/html,x',
      '/relative',
      'vbscript:x',
      'java\tscript:x',
      'https://',
      'https://a.example/\u0000x',
    ])
      expect(isSafeLink(href)).toBe(false);
  });

  it('refuses unknown nodes and marks, and drops attributes it does not know', () => {
    const paragraph = (content: unknown) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
    expect(
      richTextSchema.safeParse({ type: 'doc', content: [{ type: 'image', attrs: { src: 'x' } }] }).success,
    ).toBe(false);
    expect(
      richTextSchema.safeParse(paragraph([{ type: 'text', text: 'x', marks: [{ type: 'code' }] }])).success,
    ).toBe(false);
    const link = richTextSchema.parse(
      paragraph([
        {
          type: 'text',
          text: 'x',
          marks: [{ type: 'link', attrs: { href: 'https://a.example', onclick: 'x' } }],
        },
      ]),
    );
    expect(JSON.stringify(link)).not.toContain('onclick');
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every level and leaves arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: 'x' }, e: undefined })).toBe(
      '{"a":{"c":"x","d":[2,1]},"b":1}',
    );
  });
});

describe('sections compared', () => {
  it('lists the problem list and the four SOAP sections of an assessment', () => {
    const content = assessmentContentSchema.parse({ ...emptyAssessmentContent(), problems: ['Cough'] });
    expect(clinicalContentSections(content).map((s) => [s.label, s.text])).toEqual([
      ['Problem list', '- Cough'],
      ['Subjective', ''],
      ['Objective', ''],
      ['Assessment', ''],
      ['Plan', ''],
    ]);
  });
});
