import { describe, expect, it } from 'vitest';
import { findEntities, foldForSearch, hashtagsOf, mentionsOf } from './text-entities';

describe('findEntities', () => {
  it('finds hashtags in any script and mentions, with their places', () => {
    const text = 'Golden hour #Sunset with @Bob.Smith. #東京 #café_2 @ana';
    expect(findEntities(text).map(({ kind, value }) => `${kind}:${value}`)).toEqual([
      'hashtag:sunset',
      'mention:bob.smith',
      'hashtag:東京',
      'hashtag:café_2',
      'mention:ana',
    ]);
    const [first] = findEntities(text);
    expect(text.slice(first!.start, first!.end)).toBe('#Sunset');
  });

  it('finds a person on another server as user@host, its trailing dot as punctuation', () => {
    const text = 'With @Bob@Photos.Example. and @ana@mastodon.social!';
    const found = findEntities(text);
    expect(found.map((entity) => entity.value)).toEqual([
      'bob@photos.example',
      'ana@mastodon.social',
    ]);
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe('@Bob@Photos.Example');
    // A host may be a single name (a test server, a LAN); a lone trailing `@` names no server.
    expect(mentionsOf('@bob@host and @carol@')).toEqual(['bob@host', 'carol']);
  });

  it('ignores lone sigils, emails, entities inside words and names too long to be one', () => {
    expect(findEntities('# @ a#b bob@example.com &#39; @')).toEqual([]);
    expect(findEntities(`#${'a'.repeat(65)} @${'b'.repeat(31)}`)).toEqual([]);
    expect(findEntities('<b>#x</b>').map((entity) => entity.value)).toEqual(['x']);
  });
});

describe('mentions of people of other servers', () => {
  it('are user@host, never the local user of the same name', () => {
    const text = 'Shot with @Alice@Photos.Example. and @bob@a-host:8443, thanks @carol';
    expect(findEntities(text).map(({ value }) => value)).toEqual([
      'alice@photos.example',
      'bob@a-host:8443',
      'carol',
    ]);
    const [first] = findEntities(text);
    expect(text.slice(first!.start, first!.end)).toBe('@Alice@Photos.Example');
    expect(mentionsOf(text)).toEqual(['alice@photos.example', 'bob@a-host:8443', 'carol']);
  });

  it('leave emails alone, and end where the host does', () => {
    expect(findEntities('mail bob@example.com')).toEqual([]);
    expect(findEntities('(@alice@a-host)').map(({ value }) => value)).toEqual(['alice@a-host']);
    expect(findEntities('@alice@ and').map(({ value }) => value)).toEqual(['alice']);
  });
});

describe('hashtagsOf and mentionsOf', () => {
  it('keep each once, in lowercase, up to the cap', () => {
    expect(hashtagsOf('#A #a #B')).toEqual(['a', 'b']);
    const many = Array.from({ length: 1000 }, (_v, index) => `#t${index} @u${index}`).join(' ');
    expect(hashtagsOf(many)).toHaveLength(30);
    expect(mentionsOf(many)).toHaveLength(20);
  });
});

describe('foldForSearch', () => {
  it('removes accents and case', () => {
    expect(foldForSearch('José Ñúñez')).toBe('jose nunez');
    expect(foldForSearch('ÅNGSTRÖM')).toBe('angstrom');
    expect(foldForSearch('東京')).toBe('東京');
  });
});
