import { MemoryKvStore, createFederation } from '@fedify/fedify';
import { Hashtag, Mention } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { captionOf } from './caption-html';

function context() {
  const federation = createFederation<void>({ kv: new MemoryKvStore() });
  federation.setActorDispatcher('/users/{identifier}', () => null);
  return federation.createContext(new URL('https://photos.example'), undefined);
}

describe('captionOf', () => {
  it('links hashtags and the people here it mentions, with Hashtag and Mention tags', () => {
    const { html, tags } = captionOf(
      context(),
      'Tea with @carol and @ghost <3\n\n#Picnic #picnic by the river',
      new Set(['carol']),
    );
    expect(html).toBe(
      '<p>Tea with <span class="h-card"><a href="https://photos.example/carol" class="u-url mention">' +
        '@<span>carol</span></a></span> and @ghost &lt;3</p>' +
        '<p><a href="https://photos.example/explore/tags/picnic" class="mention hashtag" rel="tag">' +
        '#<span>Picnic</span></a> <a href="https://photos.example/explore/tags/picnic" ' +
        'class="mention hashtag" rel="tag">#<span>picnic</span></a> by the river</p>',
    );
    expect(tags).toHaveLength(2);
    const [mention, hashtag] = tags;
    expect(mention).toBeInstanceOf(Mention);
    expect(mention!.href?.href).toBe('https://photos.example/users/carol');
    expect(mention!.name?.toString()).toBe('@carol@photos.example');
    expect(hashtag).toBeInstanceOf(Hashtag);
    expect(hashtag!.name?.toString()).toBe('#picnic');
  });
});
