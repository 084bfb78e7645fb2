import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findActiveContent } from './active-content.ts';

const bytes = (...parts: (string | Uint8Array)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)));

describe('finding active content in a PDF', () => {
  it('finds JavaScript by either name, also written with #xx escapes', () => {
    expect(findActiveContent(bytes('1 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'))).toEqual([
      'javascript',
    ]);
    expect(findActiveContent(bytes('1 0 obj << /Names << /J#61vaScript 2 0 R >> >> endobj'))).toEqual([
      'javascript',
    ]);
    expect(findActiveContent(bytes('1 0 obj << /AA << /O << /J#53 (x) >> >> >> endobj'))).toEqual([
      'javascript',
    ]);
  });

  it('finds Launch actions and embedded files, each once, in a fixed order', () => {
    const pdf = bytes(
      '1 0 obj << /Type /Annot /Subtype /FileAttachment /FS 2 0 R >> endobj\n',
      '2 0 obj << /Type /Filespec /EF << /F 3 0 R >> >> endobj\n',
      '4 0 obj << /S /Launch /F (calc.exe) >> endobj\n',
      '5 0 obj << /Names << /EmbeddedFiles 6 0 R >> >> endobj\n',
    );
    expect(findActiveContent(pdf)).toEqual(['launch', 'embedded_files']);
  });

  it('finds a form that sends its fields to an address', () => {
    const pdf = bytes(
      '1 0 obj << /Type /Annot /Subtype /Widget /FT /Btn /A << /S /SubmitForm /F (https://example.com/x) >> >> endobj\n',
    );
    expect(findActiveContent(pdf)).toEqual(['submit_form']);
  });

  it('reads the dictionaries inside a compressed object stream', () => {
    const inner = deflateSync(Buffer.from('7 0 << /S /Launch /F (x.exe) >>', 'latin1'));
    const pdf = bytes(
      `3 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${inner.length} >>\nstream\n`,
      inner,
      '\nendstream\nendobj\n',
    );
    expect(findActiveContent(pdf)).toEqual(['launch']);
  });

  it('does not take text, comments or drawing operators for names', () => {
    const content = 'BT /JavaScript 12 Tf (Launch) Tj ET /JS Do';
    const pdf = bytes(
      '%PDF-1.7\n% /JS in a comment\n',
      '1 0 obj << /Title (Lue /JS ja /Launch <ohjeet>) /Author <2F4A53> >> endobj\n',
      `2 0 obj << /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`,
    );
    expect(findActiveContent(pdf)).toEqual([]);
  });

  it('goes past an object stream too large to inflate, or not deflate at all, without failing', () => {
    const huge = deflateSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    const pdf = bytes(
      `3 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${huge.length} >>\nstream\n`,
      huge,
      '\nendstream\nendobj\n',
      '4 0 obj << /Type /ObjStm /Filter /FlateDecode /Length 5 >>\nstream\nroska\nendstream\nendobj\n',
    );
    expect(findActiveContent(pdf)).toEqual([]);
  });
});
