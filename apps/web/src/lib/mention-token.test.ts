import { describe, expect, it } from 'vitest';
import { activeToken, insertSuggestion } from './mention-token';

const at = (text: string) => activeToken(text.replace('|', ''), text.indexOf('|'));

describe('activeToken', () => {
  it('finds the @name or #tag the caret is in', () => {
    expect(at('hi @al|')).toEqual({ kind: 'people', query: 'al', start: 3, end: 6 });
    expect(at('@a|')).toEqual({ kind: 'people', query: 'a', start: 0, end: 2 });
    expect(at('so #sun|set')).toEqual({ kind: 'tags', query: 'sun', start: 3, end: 10 });
    expect(at('(#café|')).toMatchObject({ kind: 'tags', query: 'café' });
    expect(at('#日本|')).toMatchObject({ kind: 'tags', query: '日本' });
    expect(at('@ann.lee_2|')).toMatchObject({ kind: 'people', query: 'ann.lee_2' });
  });

  it('finds nothing for a bare sigil, a finished word, an email address or a word before it', () => {
    expect(at('@|')).toBeNull();
    expect(at('@al |')).toBeNull();
    expect(at('bob@exam|')).toBeNull();
    expect(at('a#b|')).toBeNull();
    expect(at('&#39|')).toBeNull();
    expect(at('plain text|')).toBeNull();
    expect(at('@é|')).toBeNull();
  });
});

describe('insertSuggestion', () => {
  it('replaces the whole word with the choice and one space, the caret after it', () => {
    const text = 'hi @al and';
    const token = activeToken(text, 6)!;
    expect(insertSuggestion(text, token, 'alice')).toEqual({ text: 'hi @alice and', caret: 10 });
    const end = 'so #sun';
    expect(insertSuggestion(end, activeToken(end, 7)!, 'sunset')).toEqual({
      text: 'so #sunset ',
      caret: 11,
    });
  });
});
