import { describe, expect, it } from 'vitest';
import { JsonTooDeep, MAX_JSON_DEPTH, nullCharacterPath } from './null-characters.js';

describe('nullCharacterPath', () => {
  it('names the first string holding U+0000, in keys and values, nested', () => {
    expect(nullCharacterPath('a\u0000')).toBe('');
    expect(nullCharacterPath({ email: 'a\u0000@example.com' })).toBe('email');
    expect(nullCharacterPath({ input: { tags: ['ok', 'b\u0000'] } })).toBe('input.tags.1');
    expect(nullCharacterPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nullCharacterPath({ a: 'fine', b: [1, null, true] })).toBeNull();
  });

  it('does not walk into an uploaded file: its bytes are not text (and would take seconds)', () => {
    const file = new File([Buffer.alloc(1_000_000, 0)], 'zeros.bin');
    expect(nullCharacterPath({ input: { attachments: [file] } })).toBeNull();
    expect(nullCharacterPath({ bytes: Buffer.from([0, 0]) })).toBeNull();
  });
});

describe('deeply nested input', () => {
  const nested = (levels: number, inner: unknown = 'x'): unknown => {
    let value = inner;
    for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
    return value;
  };

  it('is walked without recursion and refused past its bound, however deep', () => {
    expect(nullCharacterPath(nested(MAX_JSON_DEPTH - 1, 'a\u0000'))).not.toBeNull();
    expect(() => nullCharacterPath(nested(MAX_JSON_DEPTH + 1))).toThrow(JsonTooDeep);
    const json = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(() => nullCharacterPath(JSON.parse(json))).toThrow(JsonTooDeep);
  });
});
