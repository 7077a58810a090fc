import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLaterCode, LATER_CODE_TEMPLATE_ID } from '../later-code';

const CHARTS = '/assets/charts-abc123.js';

function addTemplate() {
  const template = document.createElement('template');
  template.id = LATER_CODE_TEMPLATE_ID;
  template.innerHTML = `<link rel="prefetch" as="script" crossorigin href="${CHARTS}">`;
  document.head.append(template);
}

const prefetched = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('fetchLaterCode', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.useRealTimers();
  });

  it('leaves the listed code alone until the page has painted, then fetches it once', () => {
    vi.useFakeTimers();
    addTemplate();
    fetchLaterCode();
    // jsdom records no paint: the wait for one is bounded, as in a background tab.
    vi.advanceTimersByTime(9_000);
    expect(prefetched()).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(prefetched()).toEqual([CHARTS]);
    vi.advanceTimersByTime(60_000);
    expect(prefetched()).toEqual([CHARTS]);
  });

  it('does nothing on a page without later code', () => {
    vi.useFakeTimers();
    fetchLaterCode();
    vi.advanceTimersByTime(60_000);
    expect(prefetched()).toEqual([]);
  });
});
