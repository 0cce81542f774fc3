import { render, screen } from '@testing-library/react';
import type { Mention } from '@pinhole/contracts';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routerFuture } from '@/lib/router-future';
import { LinkedText } from './linked-text';

function draw(text: string, mentions?: Mention[]) {
  return render(
    <MemoryRouter future={routerFuture}>
      <p data-testid="text">
        <LinkedText text={text} mentions={mentions} />
      </p>
    </MemoryRouter>,
  );
}

const links = () =>
  screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('LinkedText', () => {
  it('links #tags to their page and @names to their profile, the rest stays as written', () => {
    draw('Golden hour #Sunset with @Bob. and #été_2026!');
    expect(links()).toEqual([
      ['#Sunset', '/explore/tags/sunset'],
      ['@Bob', '/bob'],
      ['#été_2026', `/explore/tags/${encodeURIComponent('été_2026')}`],
    ]);
    expect(screen.getByTestId('text')).toHaveTextContent(
      'Golden hour #Sunset with @Bob. and #été_2026!',
      { normalizeWhitespace: false },
    );
  });

  it('draws HTML in a caption as text, never as elements', () => {
    const { container } = draw('<b>bold</b> <img src=x onerror=alert(1)> #tag');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('text')).toHaveTextContent(
      '<b>bold</b> <img src=x onerror=alert(1)> #tag',
    );
    expect(links()).toEqual([['#tag', '/explore/tags/tag']]);
  });

  it('leaves email addresses, HTML entities, a lone # or @ and names of app pages alone', () => {
    draw('mail bob@example.com, it&#39;s # @ ok @explore');
    expect(links()).toEqual([]);
    expect(screen.getByTestId('text')).toHaveTextContent(
      'mail bob@example.com, it&#39;s # @ ok @explore',
    );
  });

  it("with the server's mentions, links only the people who exist", () => {
    draw('@bob met @nobody_here at #noon', [{ id: 'user-2', username: 'bob' }]);
    expect(links()).toEqual([
      ['@bob', '/bob'],
      ['#noon', '/explore/tags/noon'],
    ]);
    expect(screen.getByTestId('text')).toHaveTextContent('@bob met @nobody_here at #noon');
  });

  it('links @user@host to the page of that person of another server, not to a local namesake', () => {
    draw('Prints by @Alice@Photos.Example, framed by @alice', [
      { id: 'remote-1', username: 'alice@photos.example' },
      { id: 'user-1', username: 'alice' },
    ]);
    expect(links()).toEqual([
      ['@Alice@Photos.Example', '/@alice@photos.example'],
      ['@alice', '/alice'],
    ]);
    expect(screen.getByTestId('text')).toHaveTextContent(
      'Prints by @Alice@Photos.Example, framed by @alice',
    );
  });

  it('keeps line breaks and text without any entity untouched', () => {
    draw('line one\nline two');
    expect(screen.getByTestId('text').textContent).toBe('line one\nline two');
  });
});
