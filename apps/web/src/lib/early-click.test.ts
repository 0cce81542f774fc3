import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyClick } from './early-click';

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__pinholeEarlyClick;
});

describe('replayEarlyClick', () => {
  it('clicks the control at the noted path under #root, once', () => {
    document.body.innerHTML =
      '<div id="root"><header><button>Home</button></header><main><p>x</p><div><button>Like</button></div></main></div>';
    const like = document.querySelectorAll('button')[1]!;
    const onClick = vi.fn();
    like.addEventListener('click', onClick);
    window.__pinholeEarlyClick = [1, 1, 0];

    replayEarlyClick();
    replayEarlyClick();

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(window.__pinholeEarlyClick).toBeUndefined();
  });

  it('does nothing without a noted click or when the path no longer leads anywhere', () => {
    document.body.innerHTML = '<div id="root"><button>Only</button></div>';
    const onClick = vi.fn();
    document.querySelector('button')!.addEventListener('click', onClick);

    replayEarlyClick();
    window.__pinholeEarlyClick = [0, 4, 2];
    replayEarlyClick();

    expect(onClick).not.toHaveBeenCalled();
  });
});
