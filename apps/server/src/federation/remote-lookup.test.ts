import { describe, expect, it } from 'vitest';
import { parseRemoteQuery } from './remote-lookup';

describe('what a search names on another server', () => {
  it('reads @user@host and user@host in any case, the host lowercase', () => {
    for (const query of ['@Alice@Peer.Example', 'alice@peer.example', ' @alice@peer.example ']) {
      expect(parseRemoteQuery(query, 'photos.example')).toEqual({
        kind: 'handle',
        handle: 'alice@peer.example',
        host: 'peer.example',
      });
    }
  });

  it('reads an https URL, never an http one', () => {
    expect(parseRemoteQuery('https://peer.example/@alice/1', 'photos.example')).toEqual({
      kind: 'url',
      url: new URL('https://peer.example/@alice/1'),
    });
    expect(parseRemoteQuery('http://peer.example/@alice', 'photos.example')).toBeUndefined();
  });

  it('leaves local names, our own host and plain words to the local search', () => {
    for (const query of [
      'alice',
      '@alice',
      'alice@photos.example',
      'https://photos.example/alice',
      'a@b',
      'sun set',
    ]) {
      expect(parseRemoteQuery(query, 'photos.example'), query).toBeUndefined();
    }
  });
});
